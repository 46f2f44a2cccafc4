import type { QueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { appConfigQueryOptions } from '@/lib/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Faq } from '../components/faq';
import { SupportForm } from '../components/support-form';

/** The FAQ quotes prices and the promotion from the configuration: fetch it with the code. */
export const clientLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(appConfigQueryOptions());
  return null;
};

const FORM_TITLE_ID = 'support-form-title';

/** Moves focus (and the view) to the form without a hash change, which would be a router navigation. */
function jumpToForm(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(FORM_TITLE_ID)?.focus();
}

/**
 * /support (the footer's 'Contact Support'; the spec leaves the page to us): answers to the
 * common questions, then a form that mails the support team.
 */
export default function SupportRoute() {
  useDocumentTitle('Contact Support');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Help centre</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Support</h1>
        <p className="mt-4 text-lg text-slate-600">
          Most questions are answered below. If yours is not,{' '}
          <a
            href={`#${FORM_TITLE_ID}`}
            onClick={jumpToForm}
            className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900"
          >
            send us a message
          </a>{' '}
          — we usually reply within one business day.
        </p>
      </header>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <div className="mt-6">
            <Faq />
          </div>
        </section>

        <section
          aria-labelledby={FORM_TITLE_ID}
          className="rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm sm:p-8 lg:sticky lg:top-24"
        >
          <h2 id={FORM_TITLE_ID} tabIndex={-1} className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-slate-600">Our support team answers by email.</p>
          <SupportForm />
        </section>
      </div>
    </div>
  );
}
