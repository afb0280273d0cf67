/**
 * The state of the new order's form: the customer, the lines, the delivery address and the code,
 * and the server's messages of its last refusal. A field's message clears as that field is
 * edited; a line's messages go with any change of the lines (their numbering changes).
 */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import type { OfferedCity } from '@/lib/delivery-places';
import type { PhoneCustomer, Product, Variant } from '@/lib/types';
import { adminErrorMessage } from '../lib/errors';
import {
  emptyDraft,
  orderRequest,
  withLine,
  type AddressField,
  type CustomerMode,
  type NewCustomer,
  type OrderDraft,
  type ServerErrors,
} from './order-form';

const CUSTOMER_ERRORS = ['customer', 'customer.userId', 'customer.name', 'customer.phone', 'customer.email'];

export function useOrderForm(cities: readonly OfferedCity[]) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<OrderDraft>(emptyDraft);
  const [errors, setErrors] = useState<ServerErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const clear = (drop: (key: string) => boolean) =>
    setErrors((shown) => (Object.keys(shown).some(drop) ? Object.fromEntries(Object.entries(shown).filter(([key]) => !drop(key))) : shown));
  const clearKeys = (...keys: string[]) => clear((key) => keys.includes(key));
  const clearLines = () => clear((key) => key === 'lines' || key.startsWith('lines['));
  const change = (patch: (d: OrderDraft) => Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch(d) }));

  return {
    draft,
    errors,
    /** The server's message of the last refusal (a stock shortage, fields to check); null before one. */
    refusal,
    setMode: (mode: CustomerMode) => {
      change(() => ({ mode }));
      clearKeys(...CUSTOMER_ERRORS);
    },
    choose: (found: PhoneCustomer | null) => {
      change(() => ({ found }));
      clearKeys('customer', 'customer.userId');
    },
    setNewCustomer: (field: keyof NewCustomer, value: string) => {
      change((d) => ({ newCustomer: { ...d.newCustomer, [field]: value } }));
      clearKeys('customer', `customer.${field}`);
    },
    addLine: (product: Product, variant: Variant | null, quantity: number) => {
      change((d) => ({ lines: withLine(d.lines, product, variant, quantity) }));
      clearLines();
    },
    setQuantity: (key: string, quantity: number) => {
      change((d) => ({ lines: d.lines.map((l) => (l.key === key ? { ...l, quantity } : l)) }));
      clearLines();
    },
    removeLine: (key: string) => {
      change((d) => ({ lines: d.lines.filter((l) => l.key !== key) }));
      clearLines();
    },
    /** Choosing another city of the delivery zones clears the district. */
    setAddress: (field: AddressField, value: string) => {
      change((d) => ({ address: { ...d.address, [field]: value, ...(field === 'city' && cities.length > 0 ? { district: '' } : {}) } }));
      clearKeys('shippingAddress', field, `shippingAddress.${field}`);
    },
    setDiscountCode: (discountCode: string) => {
      change(() => ({ discountCode }));
      clearKeys('discountCode');
    },
    request: () => orderRequest(draft, cities),
    /** Shows the server's refusal: each field's message by its field, and its message above the button. */
    showRefusal: (err: unknown) => {
      setErrors(err instanceof ApiError ? err.fieldErrors : {});
      setRefusal(adminErrorMessage(err, t`Failed to create the order`));
    },
    clearRefusal: () => {
      setErrors({});
      setRefusal(null);
    },
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
