import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface AlertProps {
  /** 'error' is announced at once (role="alert"); 'success' politely (role="status"). */
  tone?: 'error' | 'success';
  /** A first line in bold (e.g. the failure); the children then add details under it. */
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links, in a row under the text (e.g. 'Try again', 'Back to Dashboard'). */
  actions?: ReactNode;
  /** A failed load: offers 'Try again' (disabled, 'Trying again…', while `retrying`). */
  onRetry?: () => void;
  retrying?: boolean;
  /** Move keyboard focus to the alert when it appears (errors after a user's action). */
  focusOnShow?: boolean;
  /** For `aria-describedby` of the fields the message is about. */
  id?: string;
  className?: string;
}

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800 focus-visible:ring-red-600',
  success: 'border-green-200 bg-green-50 text-green-800 focus-visible:ring-green-600',
};

/** The one message box of every form and page: a failure (the server's detail) or a success. */
export function Alert({
  tone = 'error',
  title,
  children,
  actions,
  onRetry,
  retrying = false,
  focusOnShow = false,
  id,
  className,
}: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow, title]);
  return (
    <div
      ref={ref}
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={focusOnShow ? -1 : undefined}
      className={cn(
        'rounded-lg border px-4 py-3 text-sm focus:outline-none focus-visible:ring-2',
        TONES[tone],
        title === undefined && 'font-medium',
        className,
      )}
    >
      {title !== undefined ? (
        <>
          <p className="font-medium">{title}</p>
          {children}
        </>
      ) : (
        children
      )}
      {(actions || onRetry) && (
        <div className="mt-3 flex flex-wrap gap-3">
          {actions}
          {onRetry && (
            <button
              type="button"
              onClick={onRetry}
              disabled={retrying}
              className="inline-flex shrink-0 items-center justify-center rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-900 hover:bg-red-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-70"
            >
              {retrying ? 'Trying again…' : 'Try again'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
