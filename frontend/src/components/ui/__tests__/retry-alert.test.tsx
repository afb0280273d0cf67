import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@/testing/axe';
import { render, screen, within } from '@/testing/test-utils';
import { ConfirmDialog } from '../ConfirmDialog';
import { RetryAlert } from '../RetryAlert';

describe('RetryAlert', () => {
  it('says what failed in an alert, and Try Again asks again', async () => {
    const retry = vi.fn();
    render(
      <main>
        <RetryAlert onRetry={retry}>The products could not be loaded.</RetryAlert>
      </main>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('heads a whole page with its title', () => {
    render(
      <RetryAlert title="Oops! Something went wrong" onRetry={() => {}}>
        Failed to load dashboard data. Please try again.
      </RetryAlert>,
    );
    expect(within(screen.getByRole('alert')).getByRole('heading', { level: 2, name: 'Oops! Something went wrong' })).toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it("draws a deletion's confirm button red, and what destroys nothing in the shop's colour", () => {
    const { unmount } = render(<ConfirmDialog title="Delete?" message="Gone for good." confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('bg-red-700');
    unmount();
    render(<ConfirmDialog tone="primary" title="Received?" message="Cash in." confirmLabel="Mark received" onConfirm={() => {}} onCancel={() => {}} />);
    const confirm = screen.getByRole('button', { name: 'Mark received' });
    expect(confirm).toHaveClass('bg-brand-700');
    expect(confirm.className).not.toMatch(/\bbg-red-/);
  });
});
