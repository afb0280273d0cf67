import { Link } from 'react-router';
import { MailIcon, PhoneIcon, ReturnIcon, ShieldIcon, TruckIcon } from '@/components/ui/icons';
import { useSettings } from '@/features/settings/api/settings';
import { DEFAULT_SHOP_NAME, NAV_LINKS } from './Header';

export function Footer() {
  const { data: settings } = useSettings();
  const shopName = settings?.shopName || DEFAULT_SHOP_NAME;
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="border-b border-stone-800">
        <ul className="mx-auto grid max-w-7xl gap-4 px-4 py-6 text-sm sm:grid-cols-3">
          <li className="flex items-center gap-3">
            <TruckIcon className="text-brand-300" /> Free worldwide delivery
          </li>
          <li className="flex items-center gap-3">
            <ReturnIcon className="text-brand-300" /> 30-day free returns
          </li>
          <li className="flex items-center gap-3">
            <ShieldIcon className="text-brand-300" /> Secure payment with EVC Plus
          </li>
        </ul>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{shopName}</p>
          <p className="mt-2 text-sm">Fashion for women and kids, delivered to your door.</p>
        </div>
        <nav aria-label="Shop">
          <p className="font-semibold text-white">Shop</p>
          <ul className="mt-2 space-y-1.5 text-sm">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-white">Help</p>
          <ul className="mt-2 space-y-1.5 text-sm">
            <li>
              <Link to="/delivery" className="hover:text-white hover:underline">
                Delivery
              </Link>
            </li>
            <li>
              <Link to="/returns" className="hover:text-white hover:underline">
                Returns
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-white hover:underline">
                Contact
              </Link>
            </li>
            {settings?.supportPhone && (
              <li className="flex items-center gap-2 pt-2">
                <PhoneIcon size={16} />
                <a href={`tel:${settings.supportPhone.replace(/\s+/g, '')}`} className="hover:text-white hover:underline">
                  {settings.supportPhone}
                </a>
              </li>
            )}
            {settings?.supportEmail && (
              <li className="flex items-center gap-2">
                <MailIcon size={16} />
                <a href={`mailto:${settings.supportEmail}`} className="hover:text-white hover:underline">
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
