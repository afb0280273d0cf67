import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serverFieldErrors, useFormFields, type FieldBinding } from '@/components/forms/use-form-fields';
import { paymentKeys } from '@/lib/query-keys';
import type { CashOnDelivery, PaymentMethodId } from '@/lib/types';
import { usePaymentMethods } from '@/payments/api/methods';
import type { OfferedMethod } from '@/payments/types';
import { walletOfNumber } from '@/payments/wallet-of-number';

/** SPEC.md's one method, offered while the server's list cannot be had (the server still decides). */
const EVC_PLUS_ONLY: readonly OfferedMethod[] = [{ id: 'evc-plus', name: 'EVC Plus', kind: 'wallet', available: true }];

/**
 * What the checkout offers: the available wallets, card and cash on delivery, in the server's
 * order (cash is available while some delivery zone takes it; whether the place chosen does is
 * the priced cart's to say).
 */
function offeredOf(methods: readonly OfferedMethod[] | undefined): readonly OfferedMethod[] {
  const offered = (methods ?? []).filter((m) => m.available);
  return offered.length > 0 ? offered : EVC_PLUS_ONLY;
}

/**
 * The payment part of the checkout: the method chosen among those offered (the first one until
 * the shopper chooses; cash on delivery only while `cash` allows it) and the phone number. While a wallet is chosen, the number typed picks
 * its wallet (from the prefixes the server lists), and the choice follows; a card keeps any
 * number (the one delivery updates go to).
 */
export function usePaymentForm(cash: CashOnDelivery = { allowed: false, reason: null }) {
  const qc = useQueryClient();
  const methods = usePaymentMethods();
  const offered = offeredOf(methods.data);
  const [choice, setChoice] = useState<{ id: PaymentMethodId | null; error?: string }>({ id: null });
  // Cash stays chosen only while the place and cart allow it; the first other method otherwise.
  const choosable = offered.filter((m) => m.kind !== 'cash' || cash.allowed);
  const method = choosable.find((m) => m.id === choice.id) ?? choosable[0] ?? offered[0];
  const form = useFormFields({ paymentPhone: '' });
  const phone = form.bind('paymentPhone');

  const binding: FieldBinding = {
    ...phone,
    onChange: (e) => {
      phone.onChange(e);
      if (method.kind !== 'wallet') return;
      const wallet = walletOfNumber(e.target.value, offered);
      if (wallet && wallet.id !== method.id) setChoice({ id: wallet.id });
    },
  };

  return {
    /** True until the server has said which methods it takes. */
    isPending: methods.isPending,
    offered,
    method,
    /** Whether cash on delivery may be chosen now, or why not. */
    cash,
    /** The server's message about the method (one it no longer takes), until another is chosen. */
    methodError: choice.error,
    choose: (id: PaymentMethodId) => setChoice({ id }),
    binding,
    /** The number as it is sent: trimmed, '' while none is typed. */
    phone: form.values.paymentPhone.trim(),
    /** The server's messages for the number and the method, under them; a refused method asks for the methods again. */
    showServerErrors: (err: unknown) => {
      const found = serverFieldErrors(err, ['paymentPhone', 'paymentMethod']);
      if (found.paymentPhone) form.addErrors({ paymentPhone: found.paymentPhone });
      if (found.paymentMethod) {
        setChoice((c) => ({ ...c, error: found.paymentMethod }));
        void qc.invalidateQueries({ queryKey: paymentKeys.all });
      }
    },
  };
}

export type PaymentForm = ReturnType<typeof usePaymentForm>;
