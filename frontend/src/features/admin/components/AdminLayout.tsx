/**
 * The admin layout: a sidebar beside the page on wide screens; on phones a top bar (the page's
 * header landmark) with a menu button that opens and closes the sidebar (closed again after
 * choosing a page). Neither is printed: a page meant for paper (a run sheet) prints alone.
 */
import { Link, NavLink, Outlet } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { LanguageSwitch } from '@/components/ui/LanguageSwitch';
import { useOpenUntilNavigation } from '@/lib/use-open-until-navigation';
import { useSession } from '@/stores/session';
import type { AdminLink } from '../lib/links';

/**
 * The focus outline on the dark top bar and sidebar: white (the page's brand-coloured outline
 * has too little contrast on stone-900); `!` because the global `:focus-visible` rule is unlayered.
 */
const onDark = 'focus-visible:outline-white!';

/** The layout around every admin page; `links` are the sidebar's, those the signed-in person may open. */
export function AdminLayout({ links }: { links: readonly AdminLink[] }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useOpenUntilNavigation();
  const name = useSession((s) => s.user?.name ?? '');
  // The back office's own name (not the role 'Admin').
  const backOffice = t({ message: 'Admin', context: 'the back office' });

  return (
    <div className="min-h-screen bg-stone-100 md:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="flex items-center justify-between bg-stone-900 px-4 py-2 text-white md:hidden print:hidden">
        <Link to="/admin" className={`inline-flex min-h-11 items-center text-lg font-bold ${onDark}`}>
          {backOffice}
        </Link>
        <button
          type="button"
          className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-stone-800 ${onDark}`}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon size={18} /> : <MenuIcon size={18} />}
          <Trans>Menu</Trans>
        </button>
      </header>
      <aside
        id="admin-sidebar"
        className={`${open ? 'block' : 'hidden'} bg-stone-900 text-stone-200 md:block md:min-h-screen md:w-60 md:shrink-0 print:hidden`}
      >
        <div className="hidden px-4 py-3 md:block">
          <Link to="/admin" className={`inline-flex min-h-11 items-center text-lg font-bold text-white ${onDark}`}>
            {backOffice}
          </Link>
          {name && <p className="mt-1 truncate text-sm text-stone-300">{name}</p>}
        </div>
        <nav aria-label={backOffice}>
          <ul className="flex flex-col px-2 py-2">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.page === ''}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium ${onDark} ${isActive ? 'bg-brand-700 text-white' : 'hover:bg-stone-800 hover:text-white'}`
                  }
                >
                  {i18n._(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col items-start gap-1 border-t border-stone-800 px-4 py-3">
          <LanguageSwitch tone="dark" className="text-sm" />
          <Link to="/" className={`inline-flex min-h-11 items-center text-sm text-stone-300 hover:text-white ${onDark}`}>
            <span aria-hidden="true">← </span>
            <Trans>Back to shop</Trans>
          </Link>
        </div>
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-8 print:p-0">
        <Outlet />
      </main>
    </div>
  );
}
