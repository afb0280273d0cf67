/**
 * Who the order is for: a customer of the shop found by phone, name or e-mail, or a new one
 * (a name and a mobile number, an e-mail when they have one).
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { btn, field } from '@/components/ui/styles';
import type { PhoneCustomer } from '@/lib/types';
import { TextField } from '../../components/fields';
import { SearchField } from '../../lib/list';
import { formatPhone } from '@/lib/phone-format';
import { useCustomerSearch } from '../api/customers';
import type { CustomerMode } from '../order-form';
import type { OrderForm } from '../use-order-form';
import { Step } from './Step';

export function CustomerSection({ form }: { form: OrderForm }) {
  const { t } = useLingui();
  const { draft, errors } = form;
  const [q, setQ] = useState('');
  const general = errors.customer ?? errors['customer.userId'];
  const modes: { mode: CustomerMode; label: string }[] = [
    { mode: 'find', label: t`A customer of the shop` },
    { mode: 'new', label: t`New customer` },
  ];
  return (
    <Step id="customer-title" title={t`Customer`}>
      <fieldset>
        <legend className={field.label}>
          <Trans>Who is the order for?</Trans>
        </legend>
        <div className="flex flex-wrap gap-x-6">
          {modes.map(({ mode, label }) => (
            <label key={mode} className="flex min-h-11 items-center gap-2 text-stone-900">
              <input
                type="radio"
                name="customer-mode"
                className="h-5 w-5 accent-brand-700"
                checked={draft.mode === mode}
                onChange={() => form.setMode(mode)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.mode === 'new' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Name`}
            name="customerName"
            autoComplete="off"
            value={draft.newCustomer.name}
            error={errors['customer.name']}
            onChange={(e) => form.setNewCustomer('name', e.target.value)}
          />
          <TextField
            label={t`Mobile number`}
            name="customerPhone"
            type="tel"
            autoComplete="off"
            placeholder="61 234 5678"
            value={draft.newCustomer.phone}
            error={errors['customer.phone']}
            onChange={(e) => form.setNewCustomer('phone', e.target.value)}
          />
          <TextField
            className="sm:col-span-2"
            label={t`E-mail (optional)`}
            name="customerEmail"
            type="email"
            autoComplete="off"
            value={draft.newCustomer.email}
            error={errors['customer.email']}
            onChange={(e) => form.setNewCustomer('email', e.target.value)}
          />
        </div>
      ) : draft.found ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200" data-testid="chosen-customer">
          <CustomerText customer={draft.found} />
          <button type="button" className={btn.secondary} onClick={() => form.choose(null)}>
            <Trans>Change customer</Trans>
          </button>
        </div>
      ) : (
        <>
          <SearchField label={t`Find a customer`} placeholder={t`Phone, name or e-mail`} value={q} onSearch={setQ} />
          <CustomerResults q={q} onChoose={form.choose} onNew={() => form.setMode('new')} />
        </>
      )}
      {general && <p className={field.error}>{general}</p>}
    </Step>
  );
}

function CustomerText({ customer }: { customer: PhoneCustomer }) {
  const { t } = useLingui();
  return (
    <div className="min-w-0">
      <p className="font-semibold text-stone-900">{customer.name}</p>
      <p className="text-sm break-words text-stone-700">
        {formatPhone(customer.phone)} · {customer.email ?? t`No e-mail`}
      </p>
    </div>
  );
}

/** The customers matching the search, each with its Choose button; none found offers a new customer. */
function CustomerResults({ q, onChoose, onNew }: { q: string; onChoose: (c: PhoneCustomer) => void; onNew: () => void }) {
  const { t } = useLingui();
  const found = useCustomerSearch(q);
  const rows = found.data?.rows ?? [];
  const status = !q
    ? ''
    : found.isPending
      ? t`Searching...`
      : found.isError
        ? ''
        : rows.length === 0
          ? t`No customer found.`
          : '';
  return (
    <>
      <p role="status" className="text-sm text-stone-700 empty:hidden">
        {status}
      </p>
      {q && found.isError && (
        <RetryAlert onRetry={() => void found.refetch()}>{t`Failed to search the customers. Please try again.`}</RetryAlert>
      )}
      {q && found.isSuccess && rows.length === 0 && (
        <button type="button" className={btn.secondary} onClick={onNew}>
          <Trans>Add a new customer</Trans>
        </button>
      )}
      {rows.length > 0 && (
        <ul className="divide-y divide-stone-200 rounded-lg ring-1 ring-stone-200" aria-label={t`Customers found`}>
          {rows.map((c) => {
            const { name } = c;
            const phone = formatPhone(c.phone);
            return (
              <li key={c._id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="customer-result">
                <CustomerText customer={c} />
                <button type="button" className={btn.secondary} onClick={() => onChoose(c)} aria-label={t`Choose ${name}, ${phone}`}>
                  <Trans>Choose</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
