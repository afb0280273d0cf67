import { useLingui } from '@lingui/react/macro';
import type { FieldBinding } from '@/components/forms/use-form-fields';
import { TextField } from '@/components/ui/TextField';
import type { ShippingAddress } from '@/lib/types';
import { CheckoutFieldset } from './CheckoutFieldset';

/** 'Delivery address': who receives the order, a phone to reach them, and where. */
export function AddressFieldset({ bind }: { bind: (field: keyof ShippingAddress) => FieldBinding }) {
  const { t } = useLingui();
  return (
    <CheckoutFieldset title={t`Delivery address`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Full Name`} autoComplete="name" {...bind('fullName')} />
        <TextField label={t`Contact Phone`} type="tel" autoComplete="tel" {...bind('phone')} name="deliveryPhone" />
        <TextField label={t`City`} autoComplete="address-level2" {...bind('city')} />
        <TextField label={t`District`} autoComplete="address-level3" {...bind('district')} />
        <TextField
          className="sm:col-span-2"
          label={t`Address Line`}
          autoComplete="street-address"
          placeholder={t`Street, building, landmark`}
          {...bind('addressLine')}
        />
      </div>
    </CheckoutFieldset>
  );
}
