import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useFailure } from './use-failure';

interface ConfirmActionProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs the action; a rejection shows the API's detail in the dialog. */
  onConfirm: () => Promise<unknown>;
  failedTitle: string;
  onClose: () => void;
}

/** A console action without fields (the API takes no reason for it): a confirmation with a pending state and the API's refusal. */
export function ConfirmAction({ title, description, confirmLabel, onConfirm, failedTitle, onClose }: ConfirmActionProps) {
  const [pending, setPending] = useState(false);
  const failure = useFailure();
  const confirm = async () => {
    setPending(true);
    failure.clear();
    try {
      await onConfirm();
    } catch (cause) {
      failure.show(cause);
      setPending(false);
    }
  };
  return (
    <Dialog role="alertdialog" title={title} description={description} onClose={onClose} busy={pending}>
      {failure.alert(failedTitle, 'mb-4')}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" pending={pending} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
