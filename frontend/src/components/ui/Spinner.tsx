import { useLingui } from '@lingui/react/macro';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" className={`flex items-center justify-center py-10 ${className}`}>
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </div>
  );
}

export function PageLoading({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-stone-600">
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <p>{text}</p>
    </div>
  );
}
