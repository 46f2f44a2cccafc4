import type { z } from 'zod';
import { ResolveFormSchema, type ResolveFormValues } from '../form-schemas';
import { ActionDialog, ReasonField } from './action-dialog';
import { OutcomeField, type Outcome } from './outcome-field';

const RESOLVE_FIELDS = ['outcome', 'reason'] as const;
const EMPTY_RESOLVE: ResolveFormValues = { outcome: '', reason: '' };

export type ResolveReportsBody = z.infer<typeof ResolveFormSchema>;

interface ResolveReportsDialogProps {
  title: string;
  description: string;
  /** What 'Acted on' means for this kind of report (a listing's, a conversation's). */
  actionedHint: string;
  /** Sends the request; the dialog stays open with the API's detail when it is refused. */
  onResolve: (body: ResolveReportsBody) => Promise<unknown>;
  /** Called once the reports are resolved, with the outcome's words for the notice. */
  onResolved: (outcomeWords: 'dismissed' | 'acted on') => void;
  onClose: () => void;
}

/** Closes every open report of one subject (a listing, a conversation) with an outcome and a reason. */
export function ResolveReportsDialog({ title, description, actionedHint, onResolve, onResolved, onClose }: ResolveReportsDialogProps) {
  const outcomes: readonly Outcome[] = [
    { value: 'dismissed', label: 'Dismissed', hint: 'Nothing wrong was found.' },
    { value: 'actioned', label: 'Acted on', hint: actionedHint },
  ];
  return (
    <ActionDialog
      title={title}
      description={description}
      submitLabel="Resolve reports"
      schema={ResolveFormSchema}
      initial={EMPTY_RESOLVE}
      fieldOrder={RESOLVE_FIELDS}
      failedTitle="The reports could not be resolved."
      onClose={onClose}
      onSubmit={async (body) => {
        await onResolve(body);
        onClose();
        onResolved(body.outcome === 'dismissed' ? 'dismissed' : 'acted on');
      }}
    >
      {(field) => (
        <>
          <OutcomeField {...field('outcome')} outcomes={outcomes} />
          <ReasonField {...field('reason')} />
        </>
      )}
    </ActionDialog>
  );
}
