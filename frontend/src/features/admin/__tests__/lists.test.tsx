/** The back-office list helper on its own: URL <-> filters <-> request, the debounced search, the pager. */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { pagedListKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';
import { LocationProbe, render, screen, waitFor, within } from '@/testing/test-utils';
import {
  defineList,
  FilterSelect,
  ListView,
  oneOf,
  SearchField,
  SORT_DIRS,
  text,
  useAdminList,
} from '../lib/list';
import { apiParams, pageParams, readFilters, readPage, writeFilters } from '../lib/list/definition';
import { pageItems } from '@/components/ui/Pager';
import { currentUrl, paramsOf, serveList } from './helpers';

/** A list another screen could add: a small definition, nothing else. */
interface ReturnRow {
  _id: string;
  reason: string;
}
const returnsList = defineList<ReturnRow>()({
  path: '/admin/returns',
  keys: pagedListKeys(['returns', 'admin']),
  filters: {
    q: text(),
    state: oneOf(['requested', 'approved', 'rejected']),
    sort: oneOf(['createdAt', 'amount'], 'createdAt'),
    dir: oneOf(SORT_DIRS, 'desc'),
  },
  params: ({ state, ...rest }) => ({ ...rest, status: state }),
  failure: { message: 'Failed to load returns', log: 'Failed to load returns' },
});

describe('list definition: URL <-> filters <-> request', () => {
  it('reads the filters a URL names, with defaults for missing or unknown values', () => {
    const search = new URLSearchParams('q=%20sandals%20&state=approved&sort=colour&page=3&other=1');
    expect(readFilters(returnsList, search)).toEqual({ q: 'sandals', state: 'approved', sort: 'createdAt', dir: 'desc' });
    expect(readPage(search)).toBe(3);
    for (const bad of ['0', '-2', 'abc', '1.5', '']) expect(readPage(new URLSearchParams({ page: bad }))).toBe(1);
    expect(readFilters(returnsList, new URLSearchParams())).toEqual({ q: '', state: '', sort: 'createdAt', dir: 'desc' });
  });

  it('writes changed filters, leaving defaults and page 1 out and keeping parameters it does not own', () => {
    const search = new URLSearchParams('other=1&state=approved&page=4');
    expect(writeFilters(returnsList, search, { sort: 'amount', state: '' }, 1).toString()).toBe('other=1&sort=amount');
    expect(writeFilters(returnsList, search, { dir: 'desc', q: 'shoes' }, 2).toString()).toBe('other=1&state=approved&page=2&q=shoes');
    // the caller's params are not changed
    expect(search.toString()).toBe('other=1&state=approved&page=4');
  });

  it('asks for a page with every filter (defaults included), mapped where the list says, with page and limit', () => {
    const filters = readFilters(returnsList, new URLSearchParams('state=rejected'));
    expect(pageParams(returnsList, filters, 2)).toEqual({ q: '', status: 'rejected', sort: 'createdAt', dir: 'desc', page: 2, limit: 20 });
    expect(apiParams(returnsList, { state: 'approved' })).toEqual({ status: 'approved' });
  });
});

describe('pager page numbers', () => {
  it('offers the first, the last and the current page with its neighbours, and gaps between', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(6, 10)).toEqual([1, 'gap', 5, 6, 7, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('search field', () => {
  function Harness({ onSearch }: { onSearch: (q: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <>
        <SearchField
          label="Search"
          value={value}
          onSearch={(q) => {
            onSearch(q);
            setValue(q);
          }}
        />
        <button type="button" onClick={() => setValue('from outside')}>
          Reset
        </button>
      </>
    );
  }

  it('reports the trimmed text once typing pauses for 300 ms, at once on Enter, and follows its value from outside', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByLabelText('Search');
    await user.type(box, ' amina ');
    expect(onSearch).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 150));
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith('amina');
    // the trailing space typed stays in the box
    expect(box).toHaveValue(' amina ');

    await user.type(box, 'h{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('amina h');
    await new Promise((r) => setTimeout(r, 400));
    expect(onSearch).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box).toHaveValue('from outside');
    await new Promise((r) => setTimeout(r, 400));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});

describe('a new list reuses the helper with its definition alone', () => {
  function ReturnsScreen() {
    const list = useAdminList(returnsList);
    return (
      <>
        <SearchField label="Search returns" value={list.filters.q} onSearch={(q) => list.setFilter('q', q, { replace: true })} />
        <FilterSelect
          label="State"
          value={list.filters.state}
          options={[
            { value: '', label: 'All' },
            { value: 'approved', label: 'Approved' },
          ]}
          onChange={(v) => list.setFilter('state', v)}
        />
        <ListView list={list} label="Returns" loading="Loading returns..." empty={<p>No returns</p>}>
          {(rows) => (
            <ul>
              {rows.map((r) => (
                <li key={r._id}>{r.reason}</li>
              ))}
            </ul>
          )}
        </ListView>
      </>
    );
  }

  it('requests the filters and page of the URL, writes changes back and pages', async () => {
    useSession.getState().signIn('test-token', { _id: 'a1', name: 'A', email: 'a@example.com', phone: '', role: 'admin', permissions: [], language: 'en', createdAt: '2026-01-01T00:00:00Z', mustChangePassword: false });
    const rows = Array.from({ length: 20 }, (_, i) => ({ _id: `r${i}`, reason: `Reason ${i}` }));
    const served = serveList<ReturnRow>('/api/admin/returns', (q) => ({ rows: q.get('page') === '3' ? rows.slice(0, 5) : rows, total: 45 }));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/admin/returns?state=approved&page=2']}>
          <ReturnsScreen />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Loading returns...')).toBeInTheDocument();
    await screen.findByText('Reason 0');
    expect(served.map(paramsOf)).toEqual([{ status: 'approved', sort: 'createdAt', dir: 'desc', page: '2', limit: '20' }]);
    const pager = screen.getByRole('navigation', { name: 'Returns pages' });
    expect(within(pager).getByText('Showing 21–40 of 45')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 41–45 of 45');
    expect(currentUrl()).toBe('/admin/returns?state=approved&page=3');
    await user.selectOptions(screen.getByLabelText('State'), '');
    await waitFor(() => expect(currentUrl()).toBe('/admin/returns'));
    expect(paramsOf(served.at(-1))).toEqual({ sort: 'createdAt', dir: 'desc', page: '1', limit: '20' });
  });
});
