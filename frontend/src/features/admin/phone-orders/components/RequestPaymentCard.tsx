/**
 * Request payment: the wallet to charge (those the shop takes, GET /api/payments/methods) and
 * the payer's number, the customer's to start with. The number typed picks its wallet, as at
 * checkout; the server's messages about either show under them.
 */
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn, BUSY } from '@/components/ui/styles';
import { usePaymentMethods } from '@/payments/api/methods';
import type { PaymentChoiceRequest, PaymentMethod, PaymentMethodId } from '@/lib/types';
import { walletOfNumber } from '@/payments/wallet-of-number';
import { SelectField, TextField } from '../../components/fields';

export function RequestPaymentCard({
  phone: customerPhone,
  busy,
  errors,
  onRequest,
}: {
  /** The customer's number. */
  phone: string;
  busy: boolean;
  /** The server's messages of the last request, by field (`paymentMethod`, `paymentPhone`). */
  errors: Readonly<Record<string, string>>;
  onRequest: (choice: PaymentChoiceRequest, wallet: PaymentMethod) => void;
}) {
  const { t } = useLingui();
  const methods = usePaymentMethods();
  const wallets = (methods.data ?? []).filter((m) => m.kind === 'wallet' && m.available);
  const [phone, setPhone] = useState(customerPhone);
  const [chosen, setChosen] = useState<PaymentMethodId | null>(null);
  const wallet = wallets.find((w) => w.id === chosen) ?? walletOfNumber(customerPhone, wallets) ?? wallets[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !wallet) return;
    onRequest({ paymentMethod: wallet.id, paymentPhone: phone.trim() }, wallet);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="request-payment-title">
      <h3 id="request-payment-title" className="font-semibold text-stone-900">
        <Trans>Request payment</Trans>
      </h3>
      {methods.isPending ? (
        <p className="text-sm text-stone-600">{t`Loading the wallets...`}</p>
      ) : !wallet ? (
        <p className="text-sm text-stone-700">{t`No wallet payment is set up for this shop.`}</p>
      ) : (
        <>
          <SelectField label={t`Wallet`} name="paymentMethod" value={wallet.id} error={errors.paymentMethod} onChange={(e) => setChosen(e.target.value as PaymentMethodId)}>
            {wallets.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t`Payer's phone`}
            name="paymentPhone"
            type="tel"
            autoComplete="off"
            value={phone}
            error={errors.paymentPhone}
            onChange={(e) => {
              setPhone(e.target.value);
              const of = walletOfNumber(e.target.value, wallets);
              if (of) setChosen(of.id);
            }}
          />
          <button type="submit" className={`${btn.primary} ${BUSY} w-full`} aria-disabled={busy || undefined}>
            <Trans>Request payment</Trans>
          </button>
        </>
      )}
    </form>
  );
}
