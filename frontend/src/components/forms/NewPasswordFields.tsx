import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/TextField';
import type { FieldBinding } from './use-form-fields';

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
