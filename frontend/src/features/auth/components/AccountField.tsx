/**
 * The field that names the account on the sign-in and password pages: its e-mail, or the
 * mobile number of an account staff made without one, and the button under it that swaps them.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldBinding } from '@/components/forms/use-form-fields';
import { EmailField } from '@/components/forms/AccountFields';
import { TextField } from '@/components/ui/TextField';
import type { AccountKind } from '../password-reset';

/** Which field names the account, and whether the shopper swapped it (then the new field takes the focus). */
export function useAccountKind(initial: AccountKind) {
  const [kind, setKind] = useState(initial);
  const [swapped, setSwapped] = useState(false);
  return {
    kind,
    swapped,
    swap: () => {
      setKind((k) => (k === 'phone' ? 'email' : 'phone'));
      setSwapped(true);
    },
  };
}

/**
 * The e-mail field (labelled `emailLabel`), or 'Phone Number' for a phone, and with `onSwap`
 * the button under it that swaps them ('Use my phone number instead' / 'Use my e-mail
 * instead', a plain button drawn as a link). `autoComplete` replaces 'email' / 'tel' (the
 * code's page names the account 'username'); `autoFocus` after a swap.
 */
export function AccountField({
  kind,
  emailLabel,
  autoComplete,
  autoFocus,
  onSwap,
  ...binding
}: FieldBinding & {
  kind: AccountKind;
  emailLabel?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  onSwap?: () => void;
}) {
  const { t } = useLingui();
  const input =
    kind === 'phone' ? (
      <TextField
        key="phone"
        label={t`Phone Number`}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete ?? 'tel'}
        required
        autoFocus={autoFocus}
        {...binding}
      />
    ) : (
      <EmailField key="email" label={emailLabel} autoComplete={autoComplete} required autoFocus={autoFocus} {...binding} />
    );
  if (!onSwap) return input;
  return (
    <div>
      {input}
      <button
        type="button"
        onClick={onSwap}
        className="inline-flex min-h-11 items-center rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {kind === 'phone' ? <Trans>Use my e-mail instead</Trans> : <Trans>Use my phone number instead</Trans>}
      </button>
    </div>
  );
}
