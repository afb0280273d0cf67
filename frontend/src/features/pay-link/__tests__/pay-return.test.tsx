/** /pay/return: where the card page sends a payment link's payer back, paid, failed or still being checked. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { renderApp, screen } from '@/testing/test-utils';

beforeAll(async () => {
  await import('../components/PayReturnPage');
});

afterEach(() => {
  document.title = '';
});

describe('back from the card page of a payment link', () => {
  it('says the order is paid and confirmed', async () => {
    renderApp('/pay/return?payment=paid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paid. Thank you! Your order is confirmed.' })).toBeInTheDocument();
    expect(document.title).toBe('Payment Successful! | Dukaan Fashion');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(await axeViolations()).toEqual([]);
  });

  it("says why the card was not taken, in the server's words, and how to pay again", async () => {
    const reason = 'The card was declined: insufficient funds';
    renderApp(`/pay/return?payment=failed&reason=${encodeURIComponent(reason)}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Your card payment did not go through: ${reason}` })).toBeInTheDocument();
    expect(screen.getByText('Open the link we sent you to pay again, another way or with another card.')).toBeInTheDocument();
    expect(document.title).toBe('Payment failed | Dukaan Fashion');
    expect(await axeViolations()).toEqual([]);
  });

  it('says a failure without a reason when the server gave none', async () => {
    renderApp('/pay/return?payment=failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your card payment did not go through.' })).toBeInTheDocument();
  });

  it('says a payment the provider has not answered yet is being checked', async () => {
    renderApp('/pay/return?payment=pending');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your card payment is being checked. We will send you a message when it is confirmed.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Open the link we sent you/)).not.toBeInTheDocument();
  });
});
