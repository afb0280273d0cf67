import { describe, expect, it } from 'vitest';
import { makePaymentMethods, WALLETS } from '@/testing/data';
import { nationalDigits, walletOfNumber } from '../wallet-of-number';

const methods = makePaymentMethods([...WALLETS, 'card']);
const walletOf = (typed: string) => walletOfNumber(typed, methods)?.id ?? null;

describe('nationalDigits', () => {
  it.each([
    ['634441234', '634441234'],
    ['63 444 1234', '634441234'],
    ['063-444-1234', '634441234'],
    ['+252 (63) 444.1234', '634441234'],
    ['252634441234', '634441234'],
    ['00252 63 444 1234', '634441234'],
    ['', ''],
    ['+', ''],
    ['252', ''],
  ])('%j is %j', (typed, national) => {
    expect(nationalDigits(typed)).toBe(national);
  });
});

describe('walletOfNumber', () => {
  it("picks the wallet whose prefixes (the server's) hold the number's first two digits, however it is written", () => {
    expect(walletOf('61 555 1234')).toBe('evc-plus');
    expect(walletOf('0771234567')).toBe('evc-plus');
    expect(walletOf('63 444 1234')).toBe('zaad');
    expect(walletOf('+252 63 444 1234')).toBe('zaad');
    expect(walletOf('907654321')).toBe('sahal');
    expect(walletOf('252620000001')).toBe('edahab');
    expect(walletOf('(065) 123 4567')).toBe('edahab');
    expect(walletOf('66')).toBe('edahab');
  });

  it('picks nothing before two digits, nor for a number of no wallet listed', () => {
    expect(walletOf('')).toBeNull();
    expect(walletOf('6')).toBeNull();
    expect(walletOf('+2526')).toBeNull();
    expect(walletOf('06')).toBeNull();
    // Somnet (68) and Soltelco (67): Somali numbers of no wallet the shop takes.
    expect(walletOf('681234567')).toBeNull();
    expect(walletOf('67 123 4567')).toBeNull();
    expect(walletOf('abc')).toBeNull();
  });

  it('knows only the wallets it is given', () => {
    const evcOnly = makePaymentMethods(['evc-plus']).filter((m) => m.available);
    expect(walletOfNumber('63 444 1234', evcOnly)).toBeNull();
    expect(walletOfNumber('61 555 1234', evcOnly)?.id).toBe('evc-plus');
    // A card lists no prefixes; it is never a number's wallet.
    expect(walletOfNumber('61 555 1234', makePaymentMethods(['card']).filter((m) => m.kind === 'card'))).toBeNull();
  });
});
