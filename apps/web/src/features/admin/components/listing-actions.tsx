import type { AdminListing } from '@benchmarket/shared';
import { useState, type ComponentProps } from 'react';
import { Button, LinkButton } from '@/components/ui/button';
import { useApproveListing, useRejectListing, useRestoreListing, useTakeDownListing } from '../api/listings';
import { OptionalReasonFormSchema, ReasonFormSchema } from '../form-schemas';
import { isLive } from '../format';
import { ReasonDialog } from './action-dialog';

export type ListingActionName = 'approve' | 'reject' | 'takeDown' | 'restore' | 'feature';

type DialogActionName = Exclude<ListingActionName, 'feature'>;

/** The buttons that open a reason dialog: their text (also in their accessible name) and look. */
const DIALOG_BUTTONS: Record<DialogActionName, { label: string; variant?: ComponentProps<typeof Button>['variant'] }> = {
  approve: { label: 'Approve' },
  reject: { label: 'Reject', variant: 'secondary' },
  takeDown: { label: 'Take down', variant: 'danger' },
  restore: { label: 'Restore', variant: 'secondary' },
};

interface ListingActionsProps {
  listing: AdminListing;
  /** The actions offered (those that do not apply to the listing's state are left out). */
  actions: readonly ListingActionName[];
  /** Called with the success message once an action is done. */
  onDone: (message: string) => void;
}

/**
 * A listing's moderation buttons and their dialogs: Approve (reason optional), Reject, Take
 * down and Restore (reason required), and Feature (the featuring form, filled in).
 */
export function ListingActions({ listing, actions, onDone }: ListingActionsProps) {
  const [open, setOpen] = useState<DialogActionName | null>(null);
  const approve = useApproveListing();
  const reject = useRejectListing();
  const takeDown = useTakeDownListing();
  const restore = useRestoreListing();
  const close = () => {
    setOpen(null);
  };
  const title = `'${listing.title}'`;
  const takenDown = listing.moderation?.status === 'taken_down';
  const live = isLive(listing);
  const offered = actions.filter((action) => {
    if (action === 'takeDown') return !takenDown && !listing.is_deleted;
    if (action === 'restore') return takenDown;
    if (action === 'feature') return live;
    return true;
  });
  const named = (label: string) => ({ 'aria-label': `${label}: ${listing.title}` });

  return (
    <>
      {offered.map((action) => {
        if (action === 'feature') {
          return (
            <LinkButton key={action} size="sm" variant="secondary" to={`/admin/featured?listing=${listing.id}`} {...named('Feature')}>
              Feature
            </LinkButton>
          );
        }
        const { label, variant } = DIALOG_BUTTONS[action];
        return (
          <Button key={action} size="sm" variant={variant} onClick={() => setOpen(action)} {...named(label)}>
            {label}
          </Button>
        );
      })}

      {open === 'approve' && (
        <ReasonDialog
          title="Approve listing"
          description={`${title} will show 'Verified' and leave the review queue.`}
          schema={OptionalReasonFormSchema}
          failedTitle="The listing could not be approved."
          onClose={close}
          send={(body) => approve.mutateAsync({ id: listing.id, body })}
          doneMessage={`${title} is approved and shows 'Verified'.`}
          onDone={onDone}
          optional
        />
      )}
      {open === 'reject' && (
        <ReasonDialog
          title="Reject listing"
          description={`${title} will show 'Verification Needed'. The seller is emailed the reason and sees it on the listing.`}
          variant="danger"
          schema={ReasonFormSchema}
          failedTitle="The listing could not be rejected."
          onClose={close}
          send={(body) => reject.mutateAsync({ id: listing.id, body })}
          doneMessage={`${title} is rejected. The seller was emailed the reason.`}
          onDone={onDone}
          hint="The seller receives it by email. Kept in the audit log."
        />
      )}
      {open === 'takeDown' && (
        <ReasonDialog
          title="Take down listing"
          description={`${title} will be hidden everywhere: search, the latest and featured listings and its page. The seller is emailed the reason and still sees the listing.`}
          variant="danger"
          schema={ReasonFormSchema}
          failedTitle="The listing could not be taken down."
          onClose={close}
          send={(body) => takeDown.mutateAsync({ id: listing.id, body })}
          doneMessage={`${title} is taken down and hidden everywhere. The seller was emailed the reason.`}
          onDone={onDone}
          hint="The seller receives it by email. Kept in the audit log."
        />
      )}
      {open === 'restore' && (
        <ReasonDialog
          title="Restore listing"
          description={`${title} will show again if it is paid and has not expired.`}
          schema={ReasonFormSchema}
          failedTitle="The listing could not be restored."
          onClose={close}
          send={(body) => restore.mutateAsync({ id: listing.id, body })}
          doneMessage={`${title} is restored.`}
          onDone={onDone}
        />
      )}
    </>
  );
}
