import { cn } from '@/lib/cn';
import { Alert } from './alert';

interface FormOutcomeProps {
  /** Why the form was refused; the fields it is about point to it by `errorId`. */
  error: string | null;
  errorId: string;
  /** What was done ('Your message has been sent…'), once it is. */
  confirmation: string | null;
  /** The confirmation's padding, to suit the form's width. */
  padding?: string;
}

/**
 * What a sent form says under its fields: the refusal, or the confirmation in a live region
 * that is always there, so the confirmation is announced when it appears.
 */
export function FormOutcome({ error, errorId, confirmation, padding = 'px-3 py-2' }: FormOutcomeProps) {
  return (
    <>
      {error && <Alert id={errorId}>{error}</Alert>}
      <div role="status">
        {confirmation && (
          <p className={cn('rounded-lg border border-green-200 bg-green-50 text-sm font-medium text-green-800', padding)}>{confirmation}</p>
        )}
      </div>
    </>
  );
}
