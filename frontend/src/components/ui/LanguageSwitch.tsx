import { useLingui } from '@lingui/react/macro';
import { LANGUAGES, setLanguage, type Language } from '@/i18n';

/**
 * English / Soomaali: the shop's language, remembered in this browser. Each choice is written in
 * its own language (and marked so for screen readers), so a shopper finds theirs whatever the
 * page shows. `tone` matches where it sits: a dark bar (atop the storefront's header, the back
 * office's sidebar) or a white menu. `onChoose` hears each choice (the back office keeps it per
 * person too).
 */
export function LanguageSwitch({
  tone = 'light',
  className = '',
  onChoose,
}: {
  tone?: 'dark' | 'light';
  className?: string;
  onChoose?: (language: Language) => void;
}) {
  const { t, i18n } = useLingui();
  const base = `rounded px-2 font-medium transition focus-visible:outline-2 focus-visible:outline-offset-1 ${tone === 'dark' ? 'py-0.5' : 'py-1.5 text-sm'}`;
  const styles =
    tone === 'dark'
      ? { on: 'bg-white text-stone-900', off: 'text-stone-100 hover:bg-stone-700 focus-visible:outline-white' }
      : { on: 'bg-brand-700 text-white', off: 'text-stone-700 hover:bg-stone-100 focus-visible:outline-brand-600' };
  return (
    <div role="group" aria-label={t`Language`} className={`flex items-center gap-1 ${className}`}>
      {LANGUAGES.map(({ code, name }) => {
        const on = i18n.locale === code;
        return (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={on}
            onClick={() => {
              void setLanguage(code);
              onChoose?.(code);
            }}
            className={`${base} ${on ? styles.on : styles.off}`}
          >
            {name}
          </button>
        );
      })}
    </div>
  );
}
