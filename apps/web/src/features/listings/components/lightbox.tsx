import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { OutlineIcon } from '@/components/ui/icon';

interface LightboxProps {
  photos: readonly string[];
  index: number;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Gets focus back when the lightbox closes (the thumbnail that opened it). */
  returnFocusTo: HTMLElement | null;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function photoAlt(title: string, index: number, count: number): string {
  return `${title} — photo ${String(index + 1)} of ${String(count)}`;
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <OutlineIcon className="size-7" strokeWidth={2.5}>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </OutlineIcon>
  );
}

/**
 * A modal photo viewer (spec §2): Escape closes, ArrowLeft/ArrowRight move (wrapping), Tab
 * stays inside, the rest of the page is inert while it is open, and focus returns to the
 * thumbnail that opened it.
 */
export function Lightbox({ photos, index, title, onIndexChange, onClose, returnFocusTo }: LightboxProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const captionId = useId();
  const count = photos.length;
  const hasMany = count > 1;

  useEffect(() => {
    const dialog = dialogRef.current;
    // Make everything outside the dialog inert (unreachable by Tab and screen-reader cursor).
    const madeInert: Element[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element === dialog || element.hasAttribute('inert')) continue;
      element.setAttribute('inert', '');
      madeInert.push(element);
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      returnFocusTo?.focus();
    };
  }, [returnFocusTo]);

  const go = (step: number) => {
    onIndexChange((index + step + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose();
        return;
      case 'ArrowLeft':
        if (!hasMany) return;
        event.preventDefault();
        go(-1);
        return;
      case 'ArrowRight':
        if (!hasMany) return;
        event.preventDefault();
        go(1);
        return;
      case 'Tab': {
        const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
        const first = focusable[0];
        const last = focusable.at(-1);
        if (!first || !last) {
          event.preventDefault();
          return;
        }
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !dialogRef.current?.contains(active))) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      default:
    }
  };

  const src = photos[index];
  const buttonClass = 'rounded-full bg-white/10 p-2.5 text-white hover:bg-white/25 focus-visible:outline-white';

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`Photos of ${title}`}
      aria-describedby={captionId}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col bg-slate-950/95"
    >
      <div className="flex items-center justify-between gap-4 px-4 py-3 text-white">
        <p id={captionId} aria-live="polite" className="text-sm font-medium">
          Photo {index + 1} of {count}
        </p>
        <button ref={closeRef} type="button" onClick={onClose} aria-label="Close photo viewer" className={buttonClass}>
          <OutlineIcon className="size-6" strokeWidth={2.5}>
            <path d="M6 6l12 12M18 6L6 18" />
          </OutlineIcon>
        </button>
      </div>
      {/* A click on the dark area around the photo closes, as people expect of a lightbox. */}
      <div
        className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6 sm:px-16"
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        {src && (
          <img
            key={src}
            src={src}
            alt={photoAlt(title, index, count)}
            width={1600}
            height={1200}
            decoding="async"
            className="h-auto max-h-full w-auto max-w-full rounded object-contain"
          />
        )}
        {hasMany && (
          <>
            <button
              type="button"
              onClick={() => {
                go(-1);
              }}
              aria-label="Previous photo"
              className={`${buttonClass} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
            >
              <ArrowIcon direction="left" />
            </button>
            <button
              type="button"
              onClick={() => {
                go(1);
              }}
              aria-label="Next photo"
              className={`${buttonClass} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
            >
              <ArrowIcon direction="right" />
            </button>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
