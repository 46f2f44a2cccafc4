import type { ReactNode } from 'react';

/** A page that is only a message: not found, no permission, failed to load. */
export function PageMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children && <div className="mt-4 space-y-4 text-slate-600">{children}</div>}
    </section>
  );
}
