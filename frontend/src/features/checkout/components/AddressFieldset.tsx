import type { SelectHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FieldsetCard } from '@/components/forms/FieldsetCard';
import type { FieldBinding } from '@/components/forms/use-form-fields';
import { Field, type FieldProps } from '@/components/ui/Field';
import { TextField } from '@/components/ui/TextField';
import { field } from '@/components/ui/styles';
import type { AddressForm } from '../hooks/use-address-form';

/**
 * 'Delivery address': who receives the order, a phone to reach them, and where. With delivery
 * zones the city and district are chosen from the places the shop serves (no district for a
 * city delivered as a whole); without, they are typed. `placeErrors` are the server's refusal
 * of the place chosen, shown under its fields.
 */
export function AddressFieldset({
  address,
  placeErrors = {},
}: {
  address: Pick<AddressForm, 'bind' | 'cities' | 'districts'>;
  placeErrors?: { city?: string; district?: string };
}) {
  const { t } = useLingui();
  const { bind, cities, districts } = address;
  const city = bind('city');
  const district = bind('district');
  const districtError = district.error ?? placeErrors.district;
  return (
    <FieldsetCard title={t`Delivery address`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Full Name`} autoComplete="name" {...bind('fullName')} />
        <TextField label={t`Contact Phone`} type="tel" autoComplete="tel" {...bind('phone')} name="deliveryPhone" />
        {cities.length === 0 ? (
          <>
            <TextField label={t`City`} autoComplete="address-level2" {...city} />
            <TextField label={t`District`} autoComplete="address-level3" {...district} />
          </>
        ) : (
          <>
            <ChoiceField
              label={t`City`}
              autoComplete="address-level2"
              {...city}
              // A city delivered as a whole has no district field: the server's word on its place (e.g. switched off) shows here.
              error={city.error ?? placeErrors.city ?? (districts === null ? districtError : undefined)}
            >
              <option value="">{t`Choose your city`}</option>
              {cities.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </ChoiceField>
            {districts !== null && (
              <ChoiceField
                label={t`District`}
                autoComplete="address-level3"
                disabled={districts.length === 0}
                hint={districts.length === 0 ? t`Choose your city first` : undefined}
                {...district}
                error={districtError}
              >
                <option value="">{t`Choose your district`}</option>
                {districts.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </ChoiceField>
            )}
          </>
        )}
        <TextField
          className="sm:col-span-2"
          label={t`Address Line`}
          autoComplete="street-address"
          placeholder={t`Street and building`}
          {...bind('addressLine')}
        />
        <TextField
          className="sm:col-span-2"
          label={t`Landmark`}
          placeholder={t`Near the Hodan market mosque`}
          hint={t`Optional: something near you that the rider can look for`}
          {...bind('landmark')}
        />
      </div>
    </FieldsetCard>
  );
}

/** A labelled select of the form's, with its hint and error wired for assistive tech. */
function ChoiceField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...rest
}: FieldProps & Omit<FieldBinding, 'error'> & Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldBinding>) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select {...rest} {...control} className={field.input}>
          {children}
        </select>
      )}
    </Field>
  );
}
