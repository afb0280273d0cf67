/** Add / Edit Delivery Zone. The server checks every field and answers with a message per field, shown under it. */
import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { serverFieldErrors } from '@/components/forms/use-form-fields';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/lib/toast';
import type { DeliveryZone } from '@/lib/types';
import { CheckboxField, CountField, DialogFormActions, MoneyField, TextField } from '../../components/fields';
import { adminErrorMessage, logError } from '../../lib/errors';
import { useAdminForm } from '../../lib/use-admin-form';
import { useCreateZone, useUpdateZone } from '../api/zones';
import { emptyZoneForm, toZoneInput, ZONE_FIELDS, ZONE_FIELDS_SENT_AS, zoneFormFrom } from '../zone-form';

export function ZoneFormModal({
  zone,
  onClose,
}: {
  /** The zone to edit; none for a new one. */
  zone: DeliveryZone | null;
  /** Called on Cancel, Escape, and once the zone is saved. */
  onClose: () => void;
}) {
  const { t } = useLingui();
  const title = zone ? t`Edit Delivery Zone` : t`Add Delivery Zone`;
  const { values: form, set, bind, showErrors } = useAdminForm(() => (zone ? zoneFormFrom(zone) : emptyZoneForm()));

  const onError = (err: unknown) => {
    logError('Failed to save delivery zone', err);
    showErrors(serverFieldErrors(err, ZONE_FIELDS, ZONE_FIELDS_SENT_AS));
    toast.error(adminErrorMessage(err, t`Failed to save delivery zone`));
  };
  const saved = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  const create = useCreateZone({ onSuccess: saved(t`Delivery zone added`), onError });
  const update = useUpdateZone({ onSuccess: saved(t`Delivery zone updated`), onError });
  const busy = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const input = toZoneInput(form);
    if (zone) update.mutate({ id: zone._id, input });
    else create.mutate(input);
  };

  return (
    <Modal title={title} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={title}>
        <TextField label={t`City`} {...bind('city')} autoComplete="off" data-autofocus />
        <TextField label={t`District`} {...bind('district')} autoComplete="off" hint={t`Leave blank to deliver to the whole city`} />
        <MoneyField label={t`Delivery fee ($)`} {...bind('fee')} hint={t`From 0 to 1000`} className="sm:col-span-2" />
        <CountField label={t`Fastest delivery (days)`} {...bind('etaMin')} hint={t`0 is the same day`} />
        <CountField label={t`Slowest delivery (days)`} {...bind('etaMax')} hint={t`Up to 60 days`} />
        <CheckboxField
          label={t`Cash on delivery (the rider takes the payment)`}
          name="cashOnDelivery"
          checked={form.cashOnDelivery}
          onChange={(e) => set('cashOnDelivery', e.target.checked)}
        />
        <CheckboxField
          label={t`Served (shoppers can choose it)`}
          name="served"
          checked={form.served}
          onChange={(e) => set('served', e.target.checked)}
        />
        <DialogFormActions busy={busy} label={zone ? t`Update Zone` : t`Create Zone`} onCancel={onClose} />
      </form>
    </Modal>
  );
}
