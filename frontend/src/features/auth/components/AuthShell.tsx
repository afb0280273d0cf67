import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the sign-in and registration pages (no header or footer). */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-amber-50 px-4 py-10">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 block text-center text-2xl font-extrabold tracking-tight text-brand-800">
          Qurux Fashion
        </Link>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          <p className="mt-1 text-sm text-stone-600">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
