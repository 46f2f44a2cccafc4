import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * Where the focus goes when the dialog closes: the element that had it when the dialog
 * opened, or, when that is gone (the confirmed action removed it, e.g. a row's 'Delete'),
 * the nearest focusable container of it that is still there (the table, the tab panel), so
 * the keyboard and a screen reader keep their place instead of falling back to the page.
 */
function focusReturnTargets(previous: HTMLElement | null): HTMLElement[] {
  const targets: HTMLElement[] = [];
  if (!previous) return targets;
  targets.push(previous);
  for (let node = previous.parentElement; node && node !== document.body; node = node.parentElement) {
    if (node.hasAttribute('tabindex')) targets.push(node);
  }
  return targets;
}

/**
 * A modal confirmation (WAI-ARIA alertdialog): focus starts on Cancel, Tab stays inside,
 * Escape cancels, and focus goes back to where it was when the dialog closes (or, when the
 * confirmed action removed that element, to its nearest focusable container).
 */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const targets = focusReturnTargets(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    cancelRef.current?.focus();
    return () => {
      targets.find((target) => target.isConnected && !target.matches(':disabled'))?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Handled here: the page's other Escape listeners (the feedback panel) leave it alone.
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-2xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={descriptionId} className="mt-2 text-sm break-words text-slate-600">
          {description}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
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
      </div>
    </div>
  );
}
