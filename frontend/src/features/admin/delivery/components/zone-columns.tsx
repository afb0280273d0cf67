/**
 * The table of every delivery zone, in the server's order (by city, a whole city first, then its
 * districts): city, district, fee, delivery time, cash on delivery, served or switched off, and
 * Edit and Switch off / on (drawn in the language shown). On a phone each zone is a card titled
 * by its city.
 */
import { t } from '@lingui/core/macro';
import { formatPrice } from '@/lib/format';
import type { DeliveryZone } from '@/lib/types';
import { ActionButton, Badge, columnsOf, EditAction, nowrap, RowActions, tone } from '../../lib/table';
import { deliveryDays, zonePlace } from '../../lib/names';

const column = columnsOf<DeliveryZone>();

export function zonesTable({
  switching,
  onEdit,
  onSwitchServed,
}: {
  /** The id of the zone being switched off or on, if any. */
  switching: string | null;
  onEdit: (zone: DeliveryZone) => void;
  onSwitchServed: (zone: DeliveryZone) => void;
}) {
  return {
    columns: [
      column(t`City`, (z) => z.city, { th: 'w-[15%]', td: 'break-words font-semibold text-stone-900', phone: 'title' }),
      column(t`District`, (z) => z.district ?? <span className="italic text-stone-700">{t`Whole city`}</span>, {
        th: 'w-[17%]',
        td: 'break-words text-stone-900',
      }),
      column(t`Fee`, (z) => formatPrice(z.fee), { th: 'w-[10%]', ...nowrap }),
      column(t`Delivery time`, (z) => deliveryDays(z.etaDays), { th: 'w-[13%]' }),
      column(t`Cash on delivery`, (z) => (z.cashOnDelivery ? t`Yes` : t`No`), { th: 'w-[13%]' }),
      column(t`Status`, (z) => (
        <Badge colour={z.served ? tone.green : tone.grey} testId="zone-status">
          {z.served ? t`Served` : t`Switched off`}
        </Badge>
      ), { th: 'w-[14%]', phone: 'aside' }),
      column(t`Actions`, (z) => {
        const place = zonePlace(z);
        return (
          <RowActions wrap>
            <EditAction target={place} onClick={() => onEdit(z)} />
            <ActionButton
              kind={z.served ? 'warning' : 'neutral'}
              label={z.served ? t`Switch off` : t`Switch on`}
              target={place}
              disabled={switching === z._id}
              onClick={() => onSwitchServed(z)}
            />
          </RowActions>
        );
      }, { phone: 'actions' }),
    ],
    getRowId: (z: DeliveryZone) => z._id,
    rowProps: () => ({ 'data-testid': 'zone-row' }),
  };
}
