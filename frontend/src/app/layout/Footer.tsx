import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MailIcon, PhoneIcon, ReturnIcon, ShieldIcon, TruckIcon } from '@/components/ui/icons';
import { useSettings } from '@/lib/api/settings';
import { useShopTerms } from '@/lib/terms';
import type { ShopTerms } from '@/lib/types';
import { DEFAULT_SHOP_NAME } from '@/lib/use-page-title';
import { NAV_LINKS } from './nav-links';

const HELP_LINKS = [
  { to: '/delivery', label: msg`Delivery` },
  { to: '/returns', label: msg`Returns` },
  { to: '/contact', label: msg`Contact` },
];

/** A footer link: 44 px high, a tap target a thumb can hit (the rows touch, so the list looks as before). */
const FOOTER_LINK = 'inline-flex min-h-11 items-center hover:text-white hover:underline';

/** The footer's list items of `links`. */
function FooterLinks({ links }: { links: typeof HELP_LINKS }) {
  const { i18n } = useLingui();
  return links.map((l) => (
    <li key={l.to}>
      <Link to={l.to} className={FOOTER_LINK}>
        {i18n._(l.label)}
      </Link>
    </li>
  ));
}

/** The shop's terms above the footer (what delivery costs, the return window, the ways to pay), each left out while not known. */
function FooterTerms({ terms: shop }: { terms?: ShopTerms }) {
  const { delivery, returns, payment } = useShopTerms(shop);
  const terms = [
    { key: 'delivery', icon: <TruckIcon className="shrink-0 text-brand-300" />, text: delivery },
    { key: 'returns', icon: <ReturnIcon className="shrink-0 text-brand-300" />, text: returns },
    { key: 'payment', icon: <ShieldIcon className="shrink-0 text-brand-300" />, text: payment },
  ].filter((term) => term.text);
  if (terms.length === 0) return null;
  return (
    <div className="border-b border-stone-800">
      <ul className="mx-auto grid max-w-7xl gap-4 px-4 py-6 text-sm sm:grid-cols-3" data-testid="footer-terms">
        {terms.map((term) => (
          <li key={term.key} className="flex items-center gap-3">
            {term.icon} {term.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { data: settings } = useSettings();
  const { t } = useLingui();
  const shopName = settings?.shopName || DEFAULT_SHOP_NAME;
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <FooterTerms terms={settings?.terms} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{shopName}</p>
          <p className="mt-2 text-sm">
            <Trans>Fashion for women and kids, delivered to your door.</Trans>
          </p>
        </div>
        <nav aria-label={t`Shop`}>
          <p className="font-semibold text-white">
            <Trans>Shop</Trans>
          </p>
          <ul className="mt-1 text-sm">
            <FooterLinks links={NAV_LINKS} />
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-white">
            <Trans>Help</Trans>
          </p>
          <ul className="mt-1 text-sm">
            <FooterLinks links={HELP_LINKS} />
            {settings?.supportPhone && (
              <li className="flex items-center gap-2 pt-1">
                <PhoneIcon size={16} />
                <a href={`tel:${settings.supportPhone.replace(/\s+/g, '')}`} className={FOOTER_LINK}>
                  {settings.supportPhone}
                </a>
              </li>
            )}
            {settings?.supportEmail && (
              <li className="flex items-center gap-2">
                <MailIcon size={16} />
                <a href={`mailto:${settings.supportEmail}`} className={`${FOOTER_LINK} break-all`}>
                  {settings.supportEmail}
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        © {new Date().getFullYear()} {shopName}
      </p>
    </footer>
  );
}
