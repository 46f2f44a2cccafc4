import type { ReactNode } from 'react';

/** A failure of a submit, announced at once (role="alert"). */
export function FormAlert({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-medium">{message}</p>
      {children}
    </div>
  );
}
