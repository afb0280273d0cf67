import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pager } from '@/components/ui/Pager';
import { ProductImage } from '@/components/ui/ProductImage';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import type { RestockRequest } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { variantLabel } from '@/lib/variants';
import { RESTOCK_PAGE_SIZE, useCancelRestockAlert, useMyRestockAlerts } from '../api/restock-alerts';
import { productPagePath } from '../paths';

/** The page a URL names: a whole number from 1, else 1. */
const pageOf = (params: URLSearchParams) => {
  const raw = params.get('page') ?? '';
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 1;
};

/** A request's size and colour ('Size M · Black'); empty for a one-size product. */
const sizeOf = (r: RestockRequest) => (r.size ? variantLabel({ size: r.size, colour: r.colour }) : '');

function RequestStatus({ request }: { request: RestockRequest }) {
  if (request.answeredAt) {
    const date = formatLongDate(request.answeredAt);
    return (
      <span className="inline-flex rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
        <Trans>Back in stock — we told you on {date}</Trans>
      </span>
    );
  }
  return (
    <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
      <Trans>Waiting</Trans>
    </span>
  );
}

/**
 * /back-in-stock: the shopper's requests to be told when a sold-out size is back, newest first,
 * paged by the server (`?page=` in the URL, so a reload shows the same page). Each shows the
 * product, the size, whether it is waiting or when the message went, and Cancel.
 */
export function RestockRequestsPage() {
  const { t } = useLingui();
  usePageTitle(t`Back-in-stock requests`);
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const requests = useMyRestockAlerts(page);
  const heading = useRef<HTMLHeadingElement>(null);
  const setPage = (next: number) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next > 1) out.set('page', String(next));
      else out.delete('page');
      return out;
    });

  const cancel = useCancelRestockAlert({
    onSuccess: (reply) => {
      toast.success(reply.message || t`Request canceled`);
      heading.current?.focus();
    },
    onError: (err) => toast.error(errorMessage(err, t`Failed to cancel the request. Please try again.`)),
  });

  const rows = requests.data?.rows ?? [];
  const total = requests.data ? (requests.data.total ?? (page - 1) * RESTOCK_PAGE_SIZE + rows.length) : 0;
  const lastPage = Math.max(1, Math.ceil(total / RESTOCK_PAGE_SIZE));
  // A page past the end (its last request canceled): the last page instead.
  const pastTheEnd = Boolean(requests.data) && !requests.isPlaceholderData && rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  const failed = requests.isError;
  useEffect(() => {
    if (failed) toast.error(t`Failed to load your requests. Please try again.`, { toastId: 'restock-requests' });
  }, [failed, t]);

  if (requests.isPending) return <PageLoading text={t`Loading your requests...`} />;
  if (!failed && rows.length === 0 && !pastTheEnd) {
    return (
      <EmptyState
        level={1}
        title={t`No back-in-stock requests`}
        text={t`When the size you want is sold out, choose it on the product's page and tap 'Notify me when it's back'.`}
        action={
          <Link to="/category" className={btn.primary}>
            <Trans>Start Shopping</Trans>
          </Link>
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
        <Trans>Back-in-stock requests</Trans>
      </h1>
      <p className="mt-1 text-stone-600">
        <Trans>We send you one message by e-mail (and SMS when your account has a phone) as soon as a size you asked for is back.</Trans>
      </p>
      {failed ? (
        <RetryAlert className="mt-6" onRetry={() => void requests.refetch()}>
          <Trans>Failed to load your requests. Please try again.</Trans>
        </RetryAlert>
      ) : (
        <>
          <ul
            aria-label={t`Your requests`}
            aria-busy={requests.isPlaceholderData}
            className={`mt-6 divide-y divide-stone-200 rounded-2xl bg-white ring-1 ring-stone-200 ${requests.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {rows.map((r) => {
              const size = sizeOf(r);
              const what = size ? `${r.productName}, ${size}` : r.productName;
              const asked = formatLongDate(r.createdAt);
              return (
                <li key={r._id} data-testid="restock-request" className="flex flex-wrap items-center gap-4 p-4 sm:flex-nowrap">
                  <Link to={productPagePath(r.productId, r.variantId)} tabIndex={-1} aria-hidden="true" className="shrink-0">
                    <ProductImage path={r.thumbnail} alt="" width={64} height={80} className="h-20 w-16 rounded-lg" />
                  </Link>
                  <div className="min-w-0 flex-1">
                    <Link to={productPagePath(r.productId, r.variantId)} className="inline-flex min-h-11 items-center font-semibold hover:text-brand-700 hover:underline">
                      {r.productName}
                    </Link>
                    {size && <p className="text-sm text-stone-700">{size}</p>}
                    <p className="mt-1 text-xs text-stone-600">
                      <Trans>Asked on {asked}</Trans>
                    </p>
                    <p className="mt-1.5" data-testid="restock-status">
                      <RequestStatus request={r} />
                    </p>
                  </div>
                  <button
                    type="button"
                    className={`${btn.secondary} w-full px-3 py-2 text-sm sm:w-auto`}
                    disabled={cancel.isPending && cancel.variables === r._id}
                    onClick={() => cancel.mutate(r._id)}
                  >
                    <Trans>
                      Cancel <span className="sr-only">the request for {what}</span>
                    </Trans>
                  </button>
                </li>
              );
            })}
          </ul>
          <Pager
            label={t`Back-in-stock requests pages`}
            page={page}
            pageSize={RESTOCK_PAGE_SIZE}
            total={total}
            shown={rows.length}
            onPage={(next) => setPage(next)}
          />
        </>
      )}
    </div>
  );
}
