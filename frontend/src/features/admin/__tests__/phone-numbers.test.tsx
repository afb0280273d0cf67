/**
 * Phone numbers read one way in the back office (and in every delivery address shown): a Somali mobile number, however the server keeps
 * it (accounts and payers as 252…, a delivery address as typed), is `+252 61 555 1234`; anything
 * else is shown as it is.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { formatPhone } from '@/lib/phone-format';
import { recipientLabel } from '../notifications/list';

describe('formatPhone', () => {
  it('writes a Somali mobile number as +252 61 555 1234, from every form the server keeps or staff type', () => {
    for (const raw of ['252615551234', '+252615551234', '0615551234', '615551234', '+252 61 555 1234', '061-555-1234', ' (061) 555 1234 ', '00252615551234']) {
      expect(formatPhone(raw)).toBe('+252 61 555 1234');
    }
    expect(formatPhone('252771234567')).toBe('+252 77 123 4567');
    expect(formatPhone('252907654321')).toBe('+252 90 765 4321');
  });

  it('shows anything else as it is: a landline, a foreign number, a short one, text; nothing for none', () => {
    for (const raw of ['252112345678', '+254712345678', '12345', 'call the shop', '0615551234 ext 2']) {
      expect(formatPhone(raw)).toBe(raw);
    }
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });

  it("writes a delivery address's phone so, wherever an address is shown (the shopper's order page too)", () => {
    const address = { fullName: 'Amina', phone: '0615551234', city: 'Mogadishu', district: 'Hodan', addressLine: 'Road 1', landmark: '' };
    render(<ShippingAddressText address={address} />);
    expect(document.body).toHaveTextContent('+252 61 555 1234');
    expect(document.body).not.toHaveTextContent('0615551234');
  });

  it("writes an SMS's recipient so, an e-mail's as it is", () => {
    expect(recipientLabel({ recipient: '252615551234', channel: 'sms' })).toBe('+252 61 555 1234');
    expect(recipientLabel({ recipient: 'amina@example.com', channel: 'email' })).toBe('amina@example.com');
    expect(recipientLabel({ recipient: null, channel: 'email' })).toBe('Shop');
  });
});
