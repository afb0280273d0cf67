import { useLingui } from '@lingui/react/macro';
import { LANGUAGES, setLanguage } from '@/i18n';
import { keepLanguage } from '@/lib/api/language';

/**
 * English / Soomaali: the shop's language, remembered in this browser and, for someone signed in,
 * kept as theirs on the server (lib/api/language.ts). Each choice is written in its own language
 * (and marked so for screen readers), so a shopper finds theirs whatever the page shows. `tone`
 * matches where it sits: a dark bar (atop the storefront's header, the back office's sidebar) or
 * a white menu.
 */
export function LanguageSwitch({ tone = 'light', className = '' }: { tone?: 'dark' | 'light'; className?: string }) {
  const { t, i18n } = useLingui();
  // 44 px high (a tap target a thumb can hit), the bar around it as thin as that allows.
  const base = `inline-flex min-h-11 items-center rounded px-2.5 font-medium transition focus-visible:outline-2 focus-visible:outline-offset-1 ${tone === 'dark' ? '' : 'text-sm'}`;
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
              void keepLanguage(code);
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
