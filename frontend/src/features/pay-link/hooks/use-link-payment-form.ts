import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serverFieldErrors, useFormFields, type FieldBinding } from '@/components/forms/use-form-fields';
import { paymentKeys } from '@/lib/query-keys';
import type { LinkedOrder, PaymentMethodId } from '@/lib/types';
import { usePaymentMethods } from '@/payments/api/methods';
import type { PaymentChoice } from '@/payments/components/PaymentFieldset';
import { paymentMethodName } from '@/payments/names';
import type { OfferedMethod } from '@/payments/types';
import { walletOfNumber } from '@/payments/wallet-of-number';

/**
 * The methods the link takes, in its order, as GET /api/payments/methods describes them (names,
 * the wallets' prefixes); one that list cannot describe (it could not be had) by its name alone.
 */
function offeredOf(ids: readonly PaymentMethodId[], known: readonly OfferedMethod[] | undefined): OfferedMethod[] {
  return ids.map(
    (id) =>
      known?.find((m) => m.id === id) ?? {
        id,
        name: paymentMethodName(id),
        kind: id === 'card' ? 'card' : id === 'cash-on-delivery' ? 'cash' : 'wallet',
        available: true,
      },
  );
}

/**
 * A payment link's form: the methods the link takes, the one chosen (at first the wallet of the
 * customer's number, or the first) and the payer's number, the customer's to start with. As at
 * checkout, the number typed picks its wallet while a wallet is chosen; a card keeps any number
 * (the customer's contact number).
 */
export function useLinkPaymentForm(link: Pick<LinkedOrder, 'paymentMethods' | 'paymentPhone'>) {
  const qc = useQueryClient();
  const methods = usePaymentMethods();
  const offered = offeredOf(link.paymentMethods, methods.data);
  const [choice, setChoice] = useState<{ id: PaymentMethodId | null; error?: string }>({ id: null });
  const method: OfferedMethod | undefined =
    offered.find((m) => m.id === choice.id) ?? walletOfNumber(link.paymentPhone, offered) ?? offered[0];
  const form = useFormFields({ paymentPhone: link.paymentPhone });
  const phone = form.bind('paymentPhone');

  const binding: FieldBinding = {
    ...phone,
    onChange: (e) => {
      phone.onChange(e);
      if (method?.kind !== 'wallet') return;
      const wallet = walletOfNumber(e.target.value, offered);
      if (wallet && wallet.id !== method.id) setChoice({ id: wallet.id });
    },
  };

  return {
    /** True until the server has said how its methods are named and numbered. */
    isPending: methods.isPending,
    /** The form's state, or null when the link takes no method at all. */
    choice: method
      ? ({
          offered,
          method,
          methodError: choice.error,
          choose: (id: PaymentMethodId) => setChoice({ id }),
          binding,
        } satisfies PaymentChoice)
      : null,
    /** The number as it is sent: trimmed, '' while none is typed. */
    phone: form.values.paymentPhone.trim(),
    /**
     * The server's messages for the number and the method, under them (true when there was one);
     * a refused method asks for the methods and the link again.
     */
    showServerErrors: (err: unknown): boolean => {
      const found = serverFieldErrors(err, ['paymentPhone', 'paymentMethod']);
      if (found.paymentPhone) form.addErrors({ paymentPhone: found.paymentPhone });
      if (found.paymentMethod) {
        setChoice((c) => ({ ...c, error: found.paymentMethod }));
        void qc.invalidateQueries({ queryKey: paymentKeys.all });
      }
      return Boolean(found.paymentPhone || found.paymentMethod);
    },
  };
}

export type LinkPaymentForm = ReturnType<typeof useLinkPaymentForm>;
