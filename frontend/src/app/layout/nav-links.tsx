import { NavLink } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

export const NAV_LINKS = [
  { to: '/category/women', label: msg`Women` },
  { to: '/category/kids', label: msg`Kids` },
  { to: '/new-arrivals', label: msg`New Arrivals` },
  { to: '/category/sales', label: msg`Sale` },
];

/** A header link's look, the current page's in the brand colour. */
export const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium transition hover:text-brand-700 ${isActive ? 'text-brand-700' : 'text-stone-700'}`;

/** The shop's sections, as the header's navigation and the mobile menu's list them. */
export function NavLinks() {
  const { i18n } = useLingui();
  return NAV_LINKS.map((l) => (
    <NavLink key={l.to} to={l.to} className={navClass}>
      {i18n._(l.label)}
    </NavLink>
  ));
}
