/**
 * 'Admin activity': who changed what and when, newest first, a page at a time. What was changed
 * is named as people know it (a product's name, a code, a zone's place; an order by a link to its
 * page) and each change reads in words (reports/audit.ts), never as raw JSON or a whole id.
 */
import { useId, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { useCan } from '@/lib/permissions';
import type { AuditEntry } from '@/lib/types';
import { ROLE_NAMES } from '../../lib/names';
import { columnsOf, DataTable } from '../../lib/table';
import { admin, formatCount, formatDateTime } from '../../lib/ui';
import { AUDIT_PAGE_SIZE, useAuditActors, useAuditTrail } from '../api/audit';
import { auditActionLabel, auditChanges, auditEntityName, auditSubject, shortId } from '../audit';

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useLingui();
  const changes = auditChanges(entry);
  if (changes.length === 0) {
    return (
      <p className="text-stone-600">
        <Trans>No field changed</Trans>
      </p>
    );
  }
  return (
    <ul className="space-y-0.5" aria-label={t`Changes`}>
      {changes.map((c) => (
        <li key={c.key} className="break-words">
          <span className="font-medium text-stone-900">{c.label}:</span>{' '}
          <span className="text-stone-600">{c.before}</span> <span aria-hidden="true">→</span>
          <span className="sr-only">
            {' '}
            <Trans>changed to</Trans>
          </span>{' '}
          <span className="text-stone-900">{c.after}</span>
        </li>
      ))}
    </ul>
  );
}

const column = columnsOf<AuditEntry>();

/** Who did what when, newest first: when and by whom, the action and what it changed, the fields (in the language shown). */
const auditColumns = () => [
  column(t`When`, (entry) => (
    <>
      <time dateTime={entry.at} className="block font-medium text-stone-900">
        {formatDateTime(entry.at)}
      </time>
      <span className="block font-medium text-stone-900">
        {entry.actorName || entry.actorEmail} <span className="font-normal text-stone-600">({ROLE_NAMES[entry.actorRole]})</span>
      </span>
      {/* An account without an e-mail (made by phone) is named above: its id is no one's to read. */}
      {entry.actorEmail && <span className="block break-all text-stone-600">{entry.actorEmail}</span>}
    </>
  ), { th: 'w-44' }),
  column(t`Action`, (entry) => (
    <>
      <p className="font-semibold text-stone-900">{auditActionLabel(entry.action)}</p>
      <Subject entry={entry} />
    </>
  ), { th: 'w-64', phone: 'title' }),
  column(t`Changes`, (entry) => <Changes entry={entry} />),
];

/**
 * What the entry was done to: its kind and its name or number where the entry has one ('Product
 * Linen Wrap Dress', 'Delivery zone Hodan, Mogadishu'); else its short id, an order's linking to
 * the order's page for whoever may open it. The whole id is in the title.
 */
function Subject({ entry }: { entry: AuditEntry }) {
  const can = useCan();
  const { t } = useLingui();
  const kind = entry.action.startsWith('review.') ? null : auditEntityName(entry.entity);
  const named = auditSubject(entry);
  const id = entry.entityId;
  let what = null;
  if (named) what = <span className="break-words text-stone-900">{named}</span>;
  else if (id && entry.entity === 'order' && can('orders.read')) {
    const short = shortId(id);
    what = (
      <Link to={`/admin/orders/${encodeURIComponent(id)}`} title={id} className="inline-flex min-h-11 items-center font-medium text-brand-800 hover:underline">
        {t`Open the order (${short})`}
      </Link>
    );
  } else if (id) what = <span title={id}>{shortId(id)}</span>;
  return (
    <p className="text-stone-600" data-testid="audit-subject">
      {kind}
      {kind && what && ' '}
      {what}
    </p>
  );
}

const auditEntryRow = () => ({ 'data-testid': 'audit-entry' });

/** Whose changes to show: everyone's, or one person's of those who changed something. */
function PersonFilter({ actor, onChange }: { actor: string; onChange: (actor: string) => void }) {
  const actors = useAuditActors();
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-stone-700">
        {t`Person`}
      </label>
      <select id={id} className={admin.select} value={actor} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t`Everyone`}</option>
        {actors.data?.map((person) => (
          <option key={person._id} value={person._id}>
            {person.name || person.email} ({ROLE_NAMES[person.role]})
          </option>
        ))}
      </select>
    </div>
  );
}

export function AuditTrail() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [actor, setActor] = useState('');
  const trail = useAuditTrail(page, actor);
  const headingId = useId();
  const data = trail.data;
  const entries = data?.entries ?? [];
  const pages = data?.total != null ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : null;
  const hasNext = pages != null ? page < pages : entries.length === AUDIT_PAGE_SIZE;
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;

  let body;
  if (trail.isPending) {
    body = <PageLoading text={t`Loading admin activity...`} />;
  } else if (trail.isError && !data) {
    body = (
      <RetryAlert className="m-4" onRetry={() => void trail.refetch()}>
        <Trans>Failed to load admin activity.</Trans>
      </RetryAlert>
    );
  } else if (entries.length === 0) {
    body = <p className="px-4 py-8 text-center text-stone-600">{page === 1 ? t`No admin activity yet` : t`No more activity`}</p>;
  } else {
    body = (
      <div className={trail.isPlaceholderData ? 'opacity-60' : undefined} aria-busy={trail.isPlaceholderData}>
        <DataTable
          name={t`Admin activity`}
          rows={entries}
          columns={auditColumns()}
          getRowId={(entry) => entry.id}
          rowProps={auditEntryRow}
          className=""
          width="w-full min-w-[48rem]"
          inCard
        />
      </div>
    );
  }

  const showPager = !trail.isPending && (page > 1 || hasNext);

  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 px-5 py-4">
        <h2 id={headingId} className="text-lg font-semibold">
          <Trans>Admin activity</Trans>
        </h2>
        <PersonFilter
          actor={actor}
          onChange={(person) => {
            setActor(person);
            setPage(1);
          }}
        />
        {data && entries.length > 0 && (
          <p className="text-sm text-stone-600" aria-live="polite">
            {data.total != null
              ? t`${{ from: formatCount(first) }}–${{ to: formatCount(first + entries.length - 1) }} of ${{ all: formatCount(data.total) }}`
              : t`Page ${{ number: formatCount(page) }}`}
          </p>
        )}
      </div>
      {body}
      {showPager && (
        <nav aria-label={t`Admin activity pages`} className="flex items-center justify-between gap-3 border-t border-stone-200 px-5 py-3">
          <button
            type="button"
            className={`${btn.secondary} py-2 text-sm`}
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            <Trans>Previous</Trans>
          </button>
          {pages != null && (
            <span className="text-sm text-stone-600">
              {t`Page ${{ number: formatCount(page) }} of ${{ pages: formatCount(pages) }}`}
            </span>
          )}
          <button
            type="button"
            className={`${btn.secondary} py-2 text-sm`}
            disabled={!hasNext}
            onClick={() => setPage((p) => p + 1)}
          >
            <Trans>Next</Trans>
          </button>
        </nav>
      )}
    </section>
  );
}
