import { t } from '@lingui/core/macro';
import { serverFieldErrors, useFormFields, type FieldBinding } from '@/components/forms/use-form-fields';
import type { DeliveryPlace, ShippingAddress } from '@/lib/types';
import { compact, type FieldErrors } from '@/lib/validation';
import { useSession } from '@/stores/session';
import { placeOf, type OfferedCity } from '@/lib/delivery-places';

type AddressField = keyof ShippingAddress;

const ADDRESS_FIELDS: readonly AddressField[] = ['fullName', 'phone', 'city', 'district', 'addressLine', 'landmark'];

/**
 * Every field is required but the landmark; the district only once a city delivered by
 * district is chosen (`cities`: the places offered), or always where the city and district are
 * typed (a shop without delivery zones).
 */
export function validateAddress(a: ShippingAddress, cities: readonly OfferedCity[] = []): FieldErrors<AddressField> {
  // Typed: always. Chosen: once a city delivered by district is chosen (its districts are offered then).
  const needsDistrict = cities.length === 0 || Boolean(cities.find((c) => c.name === a.city)?.districts);
  return compact<AddressField>({
    fullName: a.fullName.trim() ? undefined : t`Full name is required`,
    phone: a.phone.trim() ? undefined : t`Phone number is required`,
    city: a.city.trim() ? undefined : t`City is required`,
    district: !needsDistrict || a.district.trim() ? undefined : t`District is required`,
    addressLine: a.addressLine.trim() ? undefined : t`Address is required`,
  });
}

/**
 * The delivery address: filled in with the account's name and phone, each field required but
 * the landmark. With delivery zones (`cities`, the places offered), the city and district are
 * chosen from them: choosing another city clears the district, a city delivered as a whole
 * has none (sent as ''), and `place` is where the cart is to be priced for, once chosen.
 */
export function useAddressForm(cities: readonly OfferedCity[] = []) {
  const user = useSession((s) => s.user);
  const form = useFormFields<AddressField>(() => ({
    fullName: user?.name ?? '',
    phone: user?.phone ?? '',
    city: '',
    district: '',
    addressLine: '',
    landmark: '',
  }));
  const zoned = cities.length > 0;
  const chosenCity = zoned ? cities.find((c) => c.name === form.values.city) : undefined;
  const place: DeliveryPlace | null = zoned ? placeOf(cities, form.values.city, form.values.district) : null;
  const bindCity = (): FieldBinding => {
    const binding = form.bind('city');
    return {
      ...binding,
      onChange: (e) => {
        binding.onChange(e);
        if (zoned) form.set('district', '');
      },
    };
  };
  return {
    bind: (field: AddressField): FieldBinding => (field === 'city' ? bindCity() : form.bind(field)),
    /** The places to choose from; empty when the city and district are typed. */
    cities,
    /** The chosen city's districts: null for a city delivered as a whole, [] before a city is chosen (or when typed). */
    districts: chosenCity ? chosenCity.districts : [],
    /** Where the order goes, to price the cart for: null until chosen, and in a shop without zones. */
    place,
    /** The address as it is sent (trimmed), or null with the missing fields marked. */
    check: (): ShippingAddress | null => {
      if (!form.check((values) => validateAddress(values, cities))) return null;
      const { fullName, phone, city, district, addressLine, landmark } = form.values;
      return {
        fullName: fullName.trim(),
        phone: phone.trim(),
        city: city.trim(),
        district: place ? place.district : district.trim(),
        addressLine: addressLine.trim(),
        landmark: landmark.trim(),
      };
    },
    /** The server's messages for the address's fields, under them. */
    showServerErrors: (err: unknown) => form.addErrors(serverFieldErrors(err, ADDRESS_FIELDS)),
  };
}

export type AddressForm = ReturnType<typeof useAddressForm>;
