import { Trans } from '@lingui/react/macro';
import { PhoneIcon } from '@/components/ui/icons';
import { LanguageSwitch } from '@/components/ui/LanguageSwitch';
import { useShopTerms } from '@/lib/terms';
import type { ShopTerms } from '@/lib/types';

/** The dark strip atop the header: the shop's phone (as the settings give it), its terms (delivery, returns: none while unknown), the language. */
export function SupportBar({ phone, terms }: { phone?: string; terms?: ShopTerms }) {
  const { delivery, returns } = useShopTerms(terms);
  const promise = [delivery, returns].filter(Boolean).join(' · ');
  return (
    <div className="bg-stone-900 text-xs text-stone-100">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4">
        <span className="flex items-center gap-1.5">
          <PhoneIcon size={14} />
          {phone ? (
            <a href={`tel:${phone.replace(/\s+/g, '')}`} className="inline-flex min-h-11 items-center hover:underline">
              {phone}
            </a>
          ) : (
            <span>
              <Trans>Call us</Trans>
            </span>
          )}
        </span>
        <div className="flex items-center gap-3">
          {promise && (
            <span className="hidden sm:inline" data-testid="support-terms">
              {promise}
            </span>
          )}
          <LanguageSwitch tone="dark" />
        </div>
      </div>
    </div>
  );
}
