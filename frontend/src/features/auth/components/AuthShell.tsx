import type { ReactNode } from 'react';

/** The card of the sign-in and registration pages (the app's bare layout frames it). */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-1 text-sm text-stone-600">{subtitle}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
