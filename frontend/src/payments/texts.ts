import { t } from '@lingui/core/macro';
import type { PaymentMethod } from '@/lib/types';
import { paymentMethodName } from './names';

/** The phone field's label, its hint and placeholder, and the Pay button's text, for a method. */
export interface PaymentTexts {
  label: string;
  hint: string;
  placeholder: string;
  pay: string;
}

/** A number in the style of the wallet's own, e.g. '63 234 5678' for ZAAD (the server's examples). */
const placeholderOf = (method: Pick<PaymentMethod, 'prefixes'>) => `${method.prefixes?.[0] ?? '61'} 234 5678`;

/**
 * What a payment form (the checkout's, a payment link's) says for `method`, `total` the formatted amount. EVC
 * Plus keeps SPEC.md's texts word for word (so they are written out here); another wallet says
 * the same with its name; a card asks for the number that delivery updates go to; cash on
 * delivery for the number the rider calls.
 */
export function paymentTexts(method: Pick<PaymentMethod, 'id' | 'kind' | 'prefixes'>, total: string): PaymentTexts {
  const placeholder = placeholderOf(method);
  if (method.kind === 'cash') {
    return {
      label: t`Phone number for the rider`,
      hint: t`The rider calls this number to find you. Pay ${total} in cash when your order arrives.`,
      placeholder,
      pay: t`Place order, pay ${total} on delivery`,
    };
  }
  if (method.kind !== 'wallet') {
    return {
      label: t`Phone number for delivery updates`,
      hint: t`A mobile number in Somalia for our text messages and the rider: yours, or that of whoever receives the parcel.`,
      placeholder,
      pay: t`Pay ${total} by card`,
    };
  }
  if (method.id === 'evc-plus') {
    return {
      label: t`EVC Plus Phone Number`,
      hint: t`Enter your EVC Plus phone number for payment processing`,
      placeholder,
      pay: t`Pay ${total} with EVC Plus`,
    };
  }
  const wallet = paymentMethodName(method.id);
  return {
    label: t`${wallet} Phone Number`,
    hint: t`Enter your ${wallet} phone number for payment processing`,
    placeholder,
    pay: t`Pay ${total} with ${wallet}`,
  };
}
