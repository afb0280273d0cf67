import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../preloadable';

const Page = ({ title }: { title: string }) => <h1>{title}</h1>;

describe('preloadable', () => {
  it('renders at once, without the fallback, once its code is preloaded', async () => {
    let loads = 0;
    const Lazy = preloadable(async () => {
      loads += 1;
      return { default: Page };
    });
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy title="Orders" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('suspends like React.lazy when rendered before its code is in', async () => {
    let resolve!: (module: { default: typeof Page }) => void;
    const Lazy = preloadable(() => new Promise<{ default: typeof Page }>((r) => (resolve = r)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy title="Products" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => resolve({ default: Page }));
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });
});
