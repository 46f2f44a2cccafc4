import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface PlaceholderPageProps {
  title: string;
  children: ReactNode;
}

/** Temporary body of a route whose feature is built in a later issue. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{children}</p>
    </section>
  );
}
