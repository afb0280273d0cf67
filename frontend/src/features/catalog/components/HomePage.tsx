import { useDeferredValue, type ReactNode } from 'react';
import type { Product } from '@/lib/types';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CartIcon, CheckCircleIcon, ReturnIcon, SearchIcon, ShieldIcon, TruckIcon, PhoneIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { useFeaturedProducts, useNewArrivals, useProducts } from '@/lib/api/products';
import { useSettings } from '@/lib/api/settings';
import { useShopTerms } from '@/lib/terms';
import { FeaturedCarousel } from './FeaturedCarousel';
import { HeroSlider } from './HeroSlider';
import { ProductGrid, ProductGridSkeleton } from './ProductCard';

const HOME_GRID_SIZE = 8;
/** The featured carousel steps through this many (three at a time), not the shop's every featured product. */
const HOME_FEATURED_SIZE = 12;
/** The home page's new-arrivals row; the whole list is on /new-arrivals. */
const HOME_NEW_ARRIVALS_SIZE = 4;

function Section({ title, link, children, tint }: { title: string; link?: ReactNode; children: ReactNode; tint?: boolean }) {
  return (
    <section className={tint ? 'bg-white' : ''}>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h2>
          {link}
        </div>
        {children}
      </div>
    </section>
  );
}

const STEPS = [
  { key: 'browse', icon: <SearchIcon />, title: msg`Browse`, text: msg`Find styles for women and kids by category or search.` },
  { key: 'add', icon: <CartIcon />, title: msg`Add to cart`, text: msg`Pick your size and colour and add what you love.` },
  { key: 'pay', icon: <PhoneIcon />, title: msg`Pay your way`, text: msg`Choose how to pay at checkout, then confirm on your phone.` },
  { key: 'deliver', icon: <TruckIcon />, title: msg`Get it delivered`, text: msg`We bring your order to your door; checkout shows when it arrives.` },
];

interface Reason {
  key: string;
  icon: ReactNode;
  title: string;
  text: string;
}

/**
 * 'Why shop with us': the shop's real terms (what delivery costs, the return window, the ways
 * to pay; each left out while not known), then its fashion.
 */
function useReasons(): Reason[] {
  const { t } = useLingui();
  const terms = useShopTerms(useSettings().data?.terms);
  const reasons: (Reason | null)[] = [
    terms.delivery
      ? {
          key: 'delivery',
          icon: <TruckIcon />,
          title: terms.delivery,
          text: terms.freeDelivery ? t`Free to every place we deliver to.` : t`The fee for your place is shown at checkout, before you pay.`,
        }
      : null,
    terms.returns ? { key: 'returns', icon: <ReturnIcon />, title: terms.returns, text: t`Not the right fit? Ask for a return on your order's page.` } : null,
    terms.payment ? { key: 'payment', icon: <ShieldIcon />, title: t`Secure payment`, text: terms.payment } : null,
    { key: 'quality', icon: <CheckCircleIcon />, title: t`Quality fashion`, text: t`Carefully chosen pieces that last.` },
  ];
  return reasons.filter((r): r is Reason => r !== null);
}

function ViewAll({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold text-brand-700 hover:underline">
      {label}
    </Link>
  );
}

/** What a home section's products could not be loaded says, with Try Again. */
function SectionFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <RetryAlert onRetry={onRetry}>
      <Trans>These products could not be loaded.</Trans>
    </RetryAlert>
  );
}

function ProductsBlock({
  list,
  products = list.data,
  eager = 0,
  skeleton = 4,
}: {
  list: DrawnList;
  /** The products shown, when not all of the list's. */
  products?: Product[];
  eager?: number;
  skeleton?: number;
}) {
  if (list.pending) return <ProductGridSkeleton count={skeleton} />;
  if (list.failed) return <SectionFailed onRetry={list.retry} />;
  if (!products || products.length === 0) {
    return (
      <p className="text-stone-600">
        <Trans>No products yet. Check back soon!</Trans>
      </p>
    );
  }
  return <ProductGrid products={products} eagerCount={eager} />;
}

interface DrawnList {
  data: Product[] | undefined;
  /** Until its cards are drawn. */
  pending: boolean;
  /** Asking for it failed: said, with Try Again (`retry`), never as an empty section. */
  failed: boolean;
  retry: () => void;
}

/**
 * A list as the page draws it: its cards are drawn in a background render (short slices that
 * never block the page) after the reply arrives. `pending` holds until they are drawn.
 */
function useDrawnList(query: { data: Product[] | undefined; isError: boolean; refetch: () => unknown }): DrawnList {
  const data = useDeferredValue(query.data);
  const failed = data === undefined && query.isError;
  return { data, pending: data === undefined && !query.isError, failed, retry: () => void query.refetch() };
}

export function HomePage() {
  const { t, i18n } = useLingui();
  const products = useDrawnList(useProducts({ page: 1, limit: HOME_GRID_SIZE }));
  const featured = useDrawnList(useFeaturedProducts({ page: 1, limit: HOME_FEATURED_SIZE }));
  const newArrivals = useDrawnList(useNewArrivals({ page: 1, limit: HOME_NEW_ARRIVALS_SIZE }));
  const reasons = useReasons();

  // Pictures for the hero from what the home page loads anyway (no extra request).
  const loaded = [...(products.data ?? []), ...(featured.data ?? [])];
  const pictureOf = (list: Product[] | undefined) => list?.find((p) => p.thumbnail || p.image);
  const picture = (p: Product | undefined) => (p ? p.thumbnail || p.image : null);
  const heroImages = {
    kids: picture(pictureOf(loaded.filter((p) => p.category === 'kids'))),
    women: picture(pictureOf(loaded.filter((p) => p.category === 'women'))),
    new: picture(pictureOf(newArrivals.data)),
  };

  return (
    <>
      <h1 className="sr-only">
        <Trans>Fashion for women and kids</Trans>
      </h1>
      <HeroSlider images={heroImages} />

      <section aria-labelledby="how-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-10">
          <h2 id="how-title" className="text-center text-2xl font-bold sm:text-3xl">
            <Trans>How it works</Trans>
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((s, i) => (
              <li key={s.key} className="flex gap-4 rounded-2xl bg-stone-50 p-5">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  {s.icon}
                </span>
                <div>
                  <p className="font-semibold">
                    <span className="text-brand-700">{i + 1}.</span> {i18n._(s.title)}
                  </p>
                  <p className="mt-1 text-sm text-stone-600">{i18n._(s.text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <Section title={t`Shop the collection`} link={<ViewAll to="/category" label={t`View all products`} />}>
        <ProductsBlock list={products} eager={4} skeleton={HOME_GRID_SIZE} />
      </Section>

      {(featured.pending || featured.failed || (featured.data?.length ?? 0) > 0) && (
        <Section title={t`Featured`} tint>
          {featured.pending ? (
            <ProductGridSkeleton count={3} />
          ) : featured.failed ? (
            <SectionFailed onRetry={featured.retry} />
          ) : (
            <FeaturedCarousel products={featured.data ?? []} />
          )}
        </Section>
      )}

      <section aria-labelledby="why-title">
        <div className="mx-auto max-w-7xl px-4 py-10">
          <h2 id="why-title" className="text-center text-2xl font-bold sm:text-3xl">
            <Trans>Why shop with us</Trans>
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map((r) => (
              <li key={r.key} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
                <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  {r.icon}
                </span>
                <p className="mt-3 font-semibold">{r.title}</p>
                <p className="mt-1 text-sm text-stone-600">{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section title={t`New Arrivals`} tint link={<ViewAll to="/new-arrivals" label={t`View all`} />}>
        <ProductsBlock list={newArrivals} products={newArrivals.data?.slice(0, HOME_NEW_ARRIVALS_SIZE)} />
      </Section>
    </>
  );
}
