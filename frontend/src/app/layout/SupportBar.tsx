import { Trans } from '@lingui/react/macro';
import { PhoneIcon } from '@/components/ui/icons';
import { LanguageSwitch } from '@/components/ui/LanguageSwitch';

/** The dark strip atop the header: the shop's phone (as the settings give it), its promise, the language. */
export function SupportBar({ phone }: { phone?: string }) {
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
          <span className="hidden sm:inline">
            <Trans>Free worldwide delivery · 30-day free returns</Trans>
          </span>
          <LanguageSwitch tone="dark" />
        </div>
      </div>
    </div>
  );
}
