/** The terms' words: the fee range, the return window, and the ways to pay as one list in the language shown. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { deliveryTerm, orList, paymentTerm, returnsTerm } from '../terms';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('terms in words', () => {
  it('names the delivery fee: a range, one fee, free only when the dearest is nothing, none when unknown', () => {
    expect(deliveryTerm({ min: 2, max: 9 })).toBe('Delivery from $2.00 to $9.00');
    expect(deliveryTerm({ min: 5, max: 5 })).toBe('Delivery $5.00');
    expect(deliveryTerm({ min: 0, max: 0 })).toBe('Free delivery');
    expect(deliveryTerm({ min: 0, max: 3.5 })).toBe('Delivery up to $3.50, free to some places');
    expect(deliveryTerm(null)).toBeNull();
    expect(deliveryTerm(undefined)).toBeNull();
  });

  it('names the return window, none for a shop that takes nothing back', () => {
    expect(returnsTerm(30)).toBe('Returns within 30 days of delivery');
    expect(returnsTerm(1)).toBe('Returns within 1 day of delivery');
    expect(returnsTerm(0)).toBeNull();
    expect(returnsTerm(undefined)).toBeNull();
  });

  it('names the ways to pay in order, card and cash in lower case, joined by or', () => {
    expect(paymentTerm(['evc-plus', 'zaad', 'sahal', 'edahab', 'card', 'cash-on-delivery'])).toBe(
      'Pay with EVC Plus, ZAAD, SAHAL, eDahab, card or cash on delivery',
    );
    expect(paymentTerm(['card'])).toBe('Pay with card');
    expect(paymentTerm([])).toBeNull();
  });

  it("joins a Somali list with 'ama' where the browser's Intl has no Somali (as Chromium)", async () => {
    const { setLanguage } = await import('@/i18n');
    await setLanguage('so', { remember: false });
    try {
      expect(orList(['EVC Plus', 'ZAAD', 'kaar'])).toBe('EVC Plus, ZAAD ama kaar');
      vi.spyOn(Intl.ListFormat, 'supportedLocalesOf').mockReturnValue([]);
      expect(orList(['EVC Plus', 'ZAAD', 'kaar'])).toBe('EVC Plus, ZAAD ama kaar');
      expect(orList(['kaar'])).toBe('kaar');
    } finally {
      i18n.activate('en');
    }
  });
});
