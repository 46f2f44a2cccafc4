import { useRef } from 'react';
import { Dialog } from '@/components/ui/dialog';

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * A modal confirmation (WAI-ARIA alertdialog, the UI kit's Dialog): focus starts on Cancel,
 * Tab stays inside, Escape cancels, and focus goes back to where it was when the dialog
 * closes (or, when the confirmed action removed that element, to its nearest focusable
 * container).
 */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog role="alertdialog" title={title} description={description} onClose={onCancel} busy={busy} initialFocus={cancelRef}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
