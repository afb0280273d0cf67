import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/TextField';
import { EmailField } from './EmailField';
import type { FieldBinding } from './use-form-fields';

/** The shopper's full name, e-mail address and phone number, as registration and the profile ask for them. */
export function ContactFields({
  name,
  email,
  phone,
  phonePlaceholder,
}: {
  name: FieldBinding;
  email: FieldBinding;
  phone: FieldBinding;
  phonePlaceholder?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField label={t`Full Name`} autoComplete="name" {...name} />
      <EmailField {...email} />
      <TextField label={t`Phone Number`} type="tel" autoComplete="tel" placeholder={phonePlaceholder} {...phone} />
    </>
  );
}
