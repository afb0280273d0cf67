/**
 * Where the order goes: who receives it and their phone (the customer's until typed over), and
 * the place, chosen from the shop's delivery zones as at checkout (no district for a city
 * delivered as a whole; typed where the shop has no zones). Until the zones have arrived, a
 * loading state: a city typed would not fit the choice that replaces it.
 */
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/Spinner';
import { field } from '@/components/ui/styles';
import type { OfferedCity } from '@/lib/delivery-places';
import { SelectField, TextField } from '../../components/fields';
import { addressError, addressShown, type AddressField } from '../order-form';
import type { OrderForm } from '../use-order-form';
import { Step } from './Step';

export function DeliverySection({ form, cities, loading }: { form: OrderForm; cities: readonly OfferedCity[]; loading: boolean }) {
  const { t } = useLingui();
  const shown = addressShown(form.draft);
  const bind = (name: AddressField) => ({
    name,
    value: shown[name],
    error: addressError(form.errors, name),
    onChange: (e: { target: { value: string } }) => form.setAddress(name, e.target.value),
  });
  const districts = cities.find((c) => c.name === shown.city)?.districts ?? [];
  return (
    <Step id="delivery-title" title={t`Delivery`}>
      {loading ? (
        <Spinner label={t`Loading the delivery places...`} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`Full Name`} autoComplete="off" {...bind('fullName')} />
          <TextField label={t`Contact Phone`} type="tel" autoComplete="off" {...bind('phone')} />
          {cities.length === 0 ? (
            <>
              <TextField label={t`City`} autoComplete="off" {...bind('city')} />
              <TextField label={t`District`} autoComplete="off" {...bind('district')} />
            </>
          ) : (
            <>
              <SelectField
                label={t`City`}
                {...bind('city')}
                // A city delivered as a whole has no district field: the server's word on its place shows here.
                error={addressError(form.errors, 'city') ?? (districts === null ? addressError(form.errors, 'district') : undefined)}
              >
                <option value="">{t`Choose the city`}</option>
                {cities.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
              {districts !== null && (
                <SelectField
                  label={t`District`}
                  disabled={districts.length === 0}
                  hint={districts.length === 0 ? t`Choose the city first` : undefined}
                  {...bind('district')}
                >
                  <option value="">{t`Choose the district`}</option>
                  {districts.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </SelectField>
              )}
            </>
          )}
          <TextField className="sm:col-span-2" label={t`Address Line`} autoComplete="off" placeholder={t`Street and building`} {...bind('addressLine')} />
          <TextField
            className="sm:col-span-2"
            label={t`Landmark`}
            autoComplete="off"
            hint={t`Optional: something near the address that the rider can look for`}
            {...bind('landmark')}
          />
        </div>
      )}
      {form.errors.shippingAddress && <p className={field.error}>{form.errors.shippingAddress}</p>}
    </Step>
  );
}
