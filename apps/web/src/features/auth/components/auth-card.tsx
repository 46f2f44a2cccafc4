import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface AuthCardProps {
  /** The page heading; also the document title unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  /** Links under the card (e.g. "Don't have an account? Register"). */
  footer?: ReactNode;
  /**
   * Moves keyboard and screen-reader focus to the heading when the card appears: for views
   * that replace a form after it was sent (a confirmation, a result).
   */
  focusHeading?: boolean;
  children?: ReactNode;
}

/** The narrow, centred card every account page sits in; works from a phone up. */
export function AuthCard({ title, documentTitle, description, footer, focusHeading = false, children }: AuthCardProps) {
  useDocumentTitle(documentTitle ?? title);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white px-5 py-8 shadow-sm sm:px-8">
        <h1
          ref={headingRef}
          tabIndex={focusHeading ? -1 : undefined}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {description && <div className="mt-2 text-slate-600">{description}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}

/** A text link in the account pages' style. */
export const authLinkClass = 'font-semibold text-teal-800 underline-offset-2 hover:text-teal-900 hover:underline';
