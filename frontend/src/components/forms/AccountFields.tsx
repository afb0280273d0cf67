/** The fields of a shopper's account as its forms ask for them: e-mail, contact details, a new password. */
import type { ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/TextField';
import type { FieldBinding } from './use-form-fields';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'type'>;

/** 'Email Address' (or `label`): the account's e-mail (autocomplete 'email' unless the caller names another). */
export function EmailField({ autoComplete = 'email', label, ...props }: Props & { label?: string }) {
  const { t } = useLingui();
  return <TextField label={label ?? t`Email Address`} type="email" name="email" autoComplete={autoComplete} {...props} />;
}

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

/**
 * A password to choose and its confirmation. `replacing`: it replaces the account's current
 * one (a reset, a profile change), so the labels say 'New'.
 */
export function NewPasswordFields({
  password,
  confirmation,
  replacing = false,
}: {
  password: FieldBinding;
  confirmation: FieldBinding;
  replacing?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField label={replacing ? t`New Password` : t`Password`} type="password" autoComplete="new-password" {...password} />
      <TextField
        label={replacing ? t`Confirm New Password` : t`Confirm Password`}
        type="password"
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}
