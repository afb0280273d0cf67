/**
 * Admin delivery zones (/admin/delivery, `settings.manage`): the places the shop delivers to, in
 * one table in the server's order (by city: a city delivered as a whole, or by district), each
 * with its fee, delivery time and whether cash on delivery is taken (cards on a phone); the
 * add/edit modal, and Switch off / Switch on (zones are never deleted: orders keep their place).
 * The whole list, not paged.
 */
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { toast } from '@/lib/toast';
import type { DeliveryZone } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { DataTable } from '../../lib/table';
import { useAdminZones, useUpdateZone } from '../api/zones';
import { zonePlace } from '../../lib/names';
import { switchedServed } from '../zone-form';
import { zonesTable } from './zone-columns';
import { ZoneFormModal } from './ZoneFormModal';

export default function DeliveryZonesPage() {
  const { t } = useLingui();
  usePageTitle(t`Delivery zones`);
  const zones = useAdminZones();
  const [editing, setEditing] = useState<DeliveryZone | 'new' | null>(null);

  const failed = zones.isError;
  const loadFailed = t`Failed to load delivery zones. Please try again.`;
  useEffect(() => {
    if (!failed) return;
    logError('Failed to load delivery zones', zones.error);
    toast.error(loadFailed, { toastId: loadFailed });
  }, [failed, zones.error, loadFailed]);

  const switchServed = useUpdateZone({
    onSuccess: (zone) => {
      const place = zonePlace(zone);
      toast.success(zone.served ? t`${place} switched on` : t`${place} switched off`);
    },
    onError: (err) => {
      logError('Failed to change delivery zone', err);
      toast.error(adminErrorMessage(err, t`Failed to change delivery zone`));
    },
  });
  const table = zonesTable({
    switching: switchServed.isPending ? (switchServed.variables?.id ?? null) : null,
    onEdit: setEditing,
    onSwitchServed: (z) => switchServed.mutate({ id: z._id, input: switchedServed(z) }),
  });

  let body;
  if (zones.isPending) body = <PageLoading text={t`Loading delivery zones...`} />;
  else if (zones.isError) {
    body = (
      <RetryAlert className="mt-6" onRetry={() => void zones.refetch()}>
        {loadFailed}
      </RetryAlert>
    );
  } else if (zones.data.length === 0) {
    body = (
      <EmptyState
        title={t`No delivery zones yet`}
        text={t`Until you add one, shoppers type their city and district at checkout and pay the shipping fee set in Settings.`}
      />
    );
  } else {
    body = (
      <DataTable
        name={t`Delivery zones`}
        rows={zones.data}
        // Fixed columns, wide enough for Somali's headings; a narrow window scrolls it sideways, a phone draws cards.
        width="w-full min-w-[52rem] table-fixed"
        {...table}
      />
    );
  }

  return (
    <section>
      <PageHeader title={t`Delivery zones`} add={{ label: t`Add zone`, onClick: () => setEditing('new') }} />
      <p className="mt-1 max-w-3xl text-stone-600">
        <Trans>
          The places the shop delivers to, each with its fee and delivery time. Shoppers choose from the served ones at
          checkout; a zone switched off is kept but not offered.
        </Trans>
      </p>
      {body}
      {editing && <ZoneFormModal zone={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
