import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { answerDetail } from '@/lib/api-client';
import { OFFLINE } from './query-view';

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
  const [failure, setFailure] = useState<{ text: string; key: number } | null>(null);
  const confirm = async () => {
    setPending(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (cause) {
      setFailure((current) => ({ text: answerDetail(cause, 'Please try again.', OFFLINE), key: (current?.key ?? 0) + 1 }));
      setPending(false);
    }
  };
  return (
    <Dialog role="alertdialog" title={title} description={description} onClose={onClose} busy={pending}>
      {failure && (
        <Alert key={failure.key} title={failedTitle} focusOnShow className="mb-4">
          <p className="mt-1">{failure.text}</p>
        </Alert>
      )}
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
