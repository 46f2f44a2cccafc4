import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Where the focus goes when a dialog closes: the element that had it when the dialog opened,
 * or, when that is gone (the action removed it, e.g. a row's button), the nearest focusable
 * container of it that is still there, so the keyboard keeps its place.
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
 * The elements Tab stops at, in order. Of a radio group only the checked radio is a stop
 * (the first one while none is checked): the arrow keys move inside the group.
 */
function tabStops(container: HTMLElement): HTMLElement[] {
  const all = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  return all.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = all.filter(
      (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name,
    );
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === element : group[0] === element;
  });
}

interface DialogProps {
  /** The dialog's heading and accessible name. */
  title: string;
  /** A sentence under the title, the dialog's accessible description. */
  description?: ReactNode;
  /** Escape, the backdrop and the caller's Cancel close it (not while `busy`). */
  onClose: () => void;
  /** True while its action runs: it cannot be closed by Escape or the backdrop. */
  busy?: boolean;
  /** 'alertdialog' for a confirmation that interrupts; 'dialog' (default) for a form. */
  role?: 'dialog' | 'alertdialog';
  /** The element to focus when it opens (e.g. a confirmation's Cancel); else its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): the focus starts on its first control (the first
 * field of a form) or on `initialFocus`, Tab and Shift+Tab stay inside (a radio group is one
 * stop), Escape closes it, and the focus goes back
 * to where it was when it opened (or, when that element is gone, its nearest focusable
 * container). A message shown after it closes (an Alert with `focusOnShow`) takes the focus
 * instead, as it mounts after the dialog's clean-up.
 */
export function Dialog({ title, description, onClose, busy = false, role = 'dialog', initialFocus, className, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const targets = focusReturnTargets(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const first = initialFocus?.current ?? (dialogRef.current ? tabStops(dialogRef.current)[0] : undefined);
    (first ?? dialogRef.current)?.focus();
    return () => {
      // Unless something in the page took the focus already (a message shown after the action).
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      targets.find((target) => target.isConnected && !target.matches(':disabled'))?.focus();
    };
    // Once, when it opens (a ref object stays the same from render to render).
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Handled here: the page's other Escape listeners (the feedback panel) leave it alone.
      event.preventDefault();
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const stops = dialogRef.current ? tabStops(dialogRef.current) : [];
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-slate-900/50 p-4 sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cn(
          'my-auto max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none',
          className,
        )}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-sm break-words text-slate-600">
            {description}
          </div>
        )}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}
