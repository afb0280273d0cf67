/**
 * The pager under a list the server pages (the back office's lists, the shopper's back-in-stock
 * requests): what is shown of how many, previous, page numbers, next.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { dateLocale } from '@/i18n';

/** A count as the language shown writes it, e.g. 1,234. */
const count = (n: number): string => n.toLocaleString(dateLocale());

/** The page numbers to offer: the first, the last and the current one with its neighbours; 'gap' between. */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  const wanted = [...new Set([1, current - 1, current, current + 1, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  let prev = 0;
  for (const p of wanted) {
    if (p - prev === 2) out.push(p - 1);
    else if (p - prev > 2) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}

const pageButton =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50';
const idle = 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50';
const current = 'border-brand-700 bg-brand-700 text-white';

export function Pager({
  label,
  page,
  pageSize,
  total,
  shown,
  onPage,
}: {
  /** The navigation's name, e.g. 'Orders pages'. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** Rows on this page. */
  shown: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const [from, to, all] = [count(first), count(first + shown - 1), count(total)];
  return (
    <nav aria-label={label} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-stone-700" aria-live="polite">
        <Trans>
          Showing {from}–{to} of {all}
        </Trans>
      </p>
      {pages > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <button type="button" className={`${pageButton} ${idle}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
              <Trans>Previous</Trans>
            </button>
          </li>
          {pageItems(page, pages).map((item, i) =>
            item === 'gap' ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-600">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className={`${pageButton} ${item === page ? current : idle}`}
                  aria-label={t`Page ${{ number: count(item) }}`}
                  aria-current={item === page ? 'page' : undefined}
                  onClick={() => onPage(item)}
                >
                  {count(item)}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className={`${pageButton} ${idle}`} disabled={page >= pages} onClick={() => onPage(page + 1)}>
              <Trans>Next</Trans>
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
