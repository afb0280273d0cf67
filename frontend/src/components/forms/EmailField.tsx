import type { ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'type'>;

/** 'Email Address': the account's e-mail (autocomplete 'email' unless the caller names another). */
export function EmailField({ autoComplete = 'email', ...props }: Props) {
  const { t } = useLingui();
  return <TextField label={t`Email Address`} type="email" name="email" autoComplete={autoComplete} {...props} />;
}
