import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { imageUrl } from '@/lib/product';

export const HERO_INTERVAL_MS = 5000;
export const HERO_LOCK_MS = 800;

const SLIDES = [
  {
    key: 'kids',
    eyebrow: msg`Kids Collection`,
    title: msg`Little styles, big smiles`,
    text: msg`Soft, playful outfits made for running, jumping and growing.`,
    cta: msg`Shop Kids`,
    to: '/category',
    bg: 'from-amber-200 via-orange-100 to-rose-100',
    accent: 'bg-amber-400',
  },
  {
    key: 'women',
    eyebrow: msg`Women Collection`,
    title: msg`Elegance for every day`,
    text: msg`Dresses, abayas and everyday pieces in colours you will love.`,
    cta: msg`Shop Women`,
    to: '/category',
    bg: 'from-brand-200 via-brand-100 to-purple-100',
    accent: 'bg-brand-500',
  },
  {
    key: 'new',
    eyebrow: msg`Just In`,
    title: msg`New arrivals are here`,
    text: msg`Fresh looks added every week. Be the first to wear them.`,
    cta: msg`Explore New Arrivals`,
    to: '/new-arrivals',
    bg: 'from-teal-200 via-emerald-100 to-sky-100',
    accent: 'bg-teal-500',
  },
] as const;

export type HeroImages = Partial<Record<(typeof SLIDES)[number]['key'], string | null | undefined>>;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Three slides; auto-advances every 5 s (never while hovered or focused within, after Pause, or
 * when the shopper prefers reduced motion: then it starts paused), transitions locked for
 * 800 ms, wraps around.
 */
export function HeroSlider({ images = {} }: { images?: HeroImages }) {
  const { t, i18n } = useLingui();
  const [index, setIndex] = useState(0);
  // Hovered or focused within: held until the pointer or focus leaves.
  const [held, setHeld] = useState(false);
  const [stopped, setStopped] = useState(reducedMotion);
  const total = SLIDES.length;
  const locked = useRef(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const goTo = useCallback((next: number) => {
    if (locked.current) return;
    locked.current = true;
    setIndex(((next % SLIDES.length) + SLIDES.length) % SLIDES.length);
    clearTimeout(unlockTimer.current);
    unlockTimer.current = setTimeout(() => {
      locked.current = false;
    }, HERO_LOCK_MS);
  }, []);

  useEffect(() => () => clearTimeout(unlockTimer.current), []);

  // The slide after the one shown when the timer fires.
  const advance = useEffectEvent(() => goTo(index + 1));

  useEffect(() => {
    if (held || stopped) return;
    const id = setInterval(() => advance(), HERO_INTERVAL_MS);
    return () => clearInterval(id);
  }, [held, stopped]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t`Featured collections`}
      className="relative overflow-hidden"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setHeld(false)}
    >
      <div className="relative h-[360px] sm:h-[420px] lg:h-[480px]">
        {SLIDES.map((s, i) => (
          <div
            key={s.key}
            role="group"
            aria-roledescription="slide"
            aria-label={t`${{ number: i + 1 }} of ${total}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className={`absolute inset-0 bg-gradient-to-br ${s.bg} transition-opacity duration-700 motion-reduce:transition-none ${i === index ? 'opacity-100' : 'opacity-0'}`}
          >
            <div className="mx-auto flex h-full max-w-7xl items-center px-6 sm:px-16">
              <div className="relative z-10 max-w-lg">
                <p className="text-sm font-semibold uppercase tracking-widest text-stone-700">{i18n._(s.eyebrow)}</p>
                <h2 className="mt-2 text-3xl font-extrabold leading-tight text-stone-900 sm:text-5xl">{i18n._(s.title)}</h2>
                <p className="mt-3 text-base text-stone-700 sm:text-lg">{i18n._(s.text)}</p>
                <Link
                  to={s.to}
                  className="mt-6 inline-flex rounded-full bg-stone-900 px-6 py-3 font-semibold text-white shadow hover:bg-stone-700"
                >
                  {i18n._(s.cta)}
                </Link>
              </div>
              <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 hidden w-1/2 md:block">
                <div className={`absolute right-16 top-12 h-64 w-64 rounded-full ${s.accent} opacity-30`} />
                <div className="absolute bottom-10 right-48 h-40 w-40 rounded-full bg-white/60" />
                {images[s.key] ? (
                  <img
                    src={imageUrl(images[s.key])}
                    alt=""
                    width={320}
                    height={400}
                    loading="lazy"
                    decoding="async"
                    onError={(e) => (e.currentTarget.style.display = 'none')}
                    className="absolute right-24 top-1/2 h-72 w-56 -translate-y-1/2 rotate-3 rounded-3xl object-cover shadow-2xl ring-8 ring-white/70 lg:h-80 lg:w-64"
                  />
                ) : (
                  <div className={`absolute right-28 top-40 h-24 w-24 rotate-12 rounded-3xl ${s.accent} opacity-50`} />
                )}
              </div>
            </div>
          </div>
        ))}
      </div>
      <button
        type="button"
        onClick={() => goTo(index - 1)}
        aria-label={t`Previous slide`}
        className="absolute left-2 top-1/2 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 shadow hover:bg-white sm:flex"
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        onClick={() => goTo(index + 1)}
        aria-label={t`Next slide`}
        className="absolute right-2 top-1/2 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 shadow hover:bg-white sm:flex"
      >
        <ChevronRightIcon />
      </button>
      <div className="absolute inset-x-0 bottom-2 flex items-center justify-center">
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? t`Play slides` : t`Pause slides`}
          className="mr-1 flex h-11 w-11 items-center justify-center rounded-full bg-white/80 shadow hover:bg-white"
        >
          {stopped ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
        </button>
        {SLIDES.map((s, i) => (
          <button
            key={s.key}
            type="button"
            onClick={() => goTo(i)}
            aria-label={t`Go to slide ${{ number: i + 1 }}`}
            aria-current={i === index}
            className="flex h-11 w-11 items-center justify-center"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-7 bg-stone-900' : 'w-2.5 bg-stone-900/30'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
