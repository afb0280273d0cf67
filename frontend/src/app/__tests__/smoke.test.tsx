import { describe, expect, it } from 'vitest';
import { renderApp, screen } from '@/testing/test-utils';

describe('app shell', () => {
  it('renders the header navigation and the footer support contacts', async () => {
    renderApp('/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findAllByText('+252 61 555 0000')).not.toHaveLength(0);
    expect(screen.getByText('help@example.com')).toBeInTheDocument();
  });
});
