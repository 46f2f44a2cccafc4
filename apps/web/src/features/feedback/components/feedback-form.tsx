import { FEEDBACK_BLANK, FEEDBACK_CLOSE_DELAY_MS, FEEDBACK_FAILED, FEEDBACK_MAX_LENGTH, FeedbackCreateSchema } from '@benchmarket/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { errorDetail } from '@/lib/api-client';
import { useSubmitFeedback } from '../api/submit-feedback';
import { Alert } from '@/components/ui/alert';

/** Ours: a text the spec leaves open. */
export const FEEDBACK_THANKS = 'Thank you for your feedback!';

/** spec §4, §5, §9: at most 1000 characters with an n/1000 counter, blank refused, thanks, closes after 2 s. */
export default function FeedbackForm({ onDone }: { onDone: () => void }) {
  const location = useLocation();
  const submit = useSubmitFeedback();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  const ids = { field: useId(), counter: useId(), error: useId() };
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  // spec §4: after the thank-you the panel closes by itself.
  useEffect(() => {
    if (!thanked) return;
    const timer = window.setTimeout(onDone, FEEDBACK_CLOSE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [thanked, onDone]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const parsed = FeedbackCreateSchema.safeParse({ comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FEEDBACK_BLANK);
      // A refused form moves the focus to the field to fix (docs/accessibility.md).
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await submit.mutateAsync({ comment: parsed.data.comment, page: location.pathname });
      setThanked(true);
    } catch (cause) {
      setError(errorDetail(cause, FEEDBACK_FAILED));
    }
  };

  return (
    <>
      <div role="status">
        {thanked && <p className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">{FEEDBACK_THANKS}</p>}
      </div>
      {!thanked && (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-3">
          <div>
            <label htmlFor={ids.field} className="block text-sm font-medium text-slate-800">
              Your feedback
            </label>
            <textarea
              ref={fieldRef}
              id={ids.field}
              name="comment"
              rows={5}
              maxLength={FEEDBACK_MAX_LENGTH}
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
                if (error) setError(null);
              }}
              placeholder="What works well, what could be better?"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids.counter} ${ids.error}` : ids.counter}
              className="mt-1 block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none aria-invalid:border-red-500"
            />
            <p id={ids.counter} className="mt-1 text-right text-xs text-slate-600">
              {comment.length}/{FEEDBACK_MAX_LENGTH}
            </p>
          </div>
          {error && <Alert id={ids.error}>{error}</Alert>}
          <button
            type="submit"
            disabled={submit.isPending}
            aria-busy={submit.isPending || undefined}
            className="inline-flex w-full items-center justify-center rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-70"
          >
            Submit Feedback
          </button>
        </form>
      )}
    </>
  );
}
