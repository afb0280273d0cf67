import { t } from '@lingui/core/macro';
import { serverFieldErrors, useFormFields } from '@/components/forms/use-form-fields';
import type { ShippingAddress } from '@/lib/types';
import { compact, type FieldErrors } from '@/lib/validation';
import { useSession } from '@/stores/session';

type AddressField = keyof ShippingAddress;

const ADDRESS_FIELDS: readonly AddressField[] = ['fullName', 'phone', 'city', 'district', 'addressLine'];

export function validateAddress(a: ShippingAddress): FieldErrors<AddressField> {
  return compact<AddressField>({
    fullName: a.fullName.trim() ? undefined : t`Full name is required`,
    phone: a.phone.trim() ? undefined : t`Phone number is required`,
    city: a.city.trim() ? undefined : t`City is required`,
    district: a.district.trim() ? undefined : t`District is required`,
    addressLine: a.addressLine.trim() ? undefined : t`Address is required`,
  });
}

/** The delivery address: filled in with the account's name and phone, each field required. */
export function useAddressForm() {
  const user = useSession((s) => s.user);
  const form = useFormFields<AddressField>(() => ({
    fullName: user?.name ?? '',
    phone: user?.phone ?? '',
    city: '',
    district: '',
    addressLine: '',
    landmark: '',
  }));
  return {
    bind: form.bind,
    /** The address as it is sent (trimmed), or null with the missing fields marked. */
    check: (): ShippingAddress | null => {
      if (!form.check(validateAddress)) return null;
      const { fullName, phone, city, district, addressLine, landmark } = form.values;
      return {
        fullName: fullName.trim(),
        phone: phone.trim(),
        city: city.trim(),
        district: district.trim(),
        addressLine: addressLine.trim(),
        landmark: landmark.trim(),
      };
    },
    /** The server's messages for the address's fields, under them. */
    showServerErrors: (err: unknown) => form.addErrors(serverFieldErrors(err, ADDRESS_FIELDS)),
  };
}
