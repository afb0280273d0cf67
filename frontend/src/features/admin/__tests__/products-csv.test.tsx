/**
 * The catalogue as CSV on the admin Products screen: Export CSV downloads products.csv with the
 * token; Import CSV checks the chosen file at once (a dry run), previews it and its bad rows,
 * and imports the same bytes without dryRun.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportReport, Product } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeProduct, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { act, findToast, screen, toastTexts, waitFor, within } from '@/testing/test-utils';
import { deferred, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../products/components/ProductsPage');
});
afterEach(() => vi.unstubAllGlobals());

const dress = makeProduct({ _id: 'p-dress', name: 'Floral Summer Dress', stock: 25, stockStatus: 'inStock' });

/** The admin products list; returns every request's query. */
const serveProducts = () => serveList<Product>('/api/admin/products', () => ({ rows: [dress] }));

const SHEET = 'handle,name,category,description,price,discount,tags,featured,images,size_id,size,colour,sku,stock,exported_stock\np-dress,Floral Summer Dress,women,Light,24.00,0,dress,no,,,,,,30,25\n';
const csvFile = (text = SHEET, name = 'products.csv') => new File([text], name, { type: 'text/csv' });

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({ create: 2, update: 1, unchanged: 5, errors: [], ...overrides });

interface ImportCall {
  search: string;
  contentType: string | null;
  auth: string | null;
  body: string;
}

/** POST /api/admin/products/import: records each request (its query, type, token and body) and answers `reply`. */
function serveImport(reply: (call: ImportCall) => Response | Promise<Response>) {
  const calls: ImportCall[] = [];
  server.use(
    http.post('/api/admin/products/import', async ({ request }) => {
      const call = {
        search: new URL(request.url).search,
        contentType: request.headers.get('content-type'),
        auth: request.headers.get('authorization'),
        body: await request.text(),
      };
      calls.push(call);
      return reply(call);
    }),
  );
  return calls;
}

const dryRunOf = (text = SHEET): ImportCall => ({ search: '?dryRun=true', contentType: 'text/csv', auth: 'Bearer test-token', body: text });
const importOf = (text = SHEET): ImportCall => ({ search: '', contentType: 'text/csv', auth: 'Bearer test-token', body: text });

async function openImport(user = makeUserAdmin()) {
  const listed = serveProducts();
  const utils = renderAdmin('/admin/products', user);
  await screen.findAllByTestId('product-row');
  await utils.user.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import products' });
  const choose = (file = csvFile()) => utils.user.upload(within(dialog).getByLabelText('CSV file'), file);
  const importButton = () => within(dialog).getByRole('button', { name: 'Import' });
  return { ...utils, dialog, choose, importButton, listed };
}

const makeUserAdmin = () => makeUser({ role: 'admin', name: 'Sahra Admin' });

describe('admin products: Export CSV', () => {
  it('downloads products.csv with the bearer token and says so', async () => {
    serveProducts();
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/admin/products/export.csv', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return new HttpResponse(SHEET, {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="products.csv"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:products');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const { user } = renderAdmin('/admin/products', makeUser({ role: 'stock' }));
    await screen.findAllByTestId('product-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await findToast('Downloaded products.csv');
    expect(seen).toEqual(['Bearer test-token']);
    expect(clicked.map((a) => [a.download, a.href])).toEqual([['products.csv', 'blob:products']]);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:products'));
  });

  it("toasts the server's message, else the default, when the export fails", async () => {
    serveProducts();
    server.use(http.get('/api/admin/products/export.csv', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    const { user } = renderAdmin('/admin/products');
    await screen.findAllByTestId('product-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await findToast('Forbidden');
    server.use(http.get('/api/admin/products/export.csv', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await findToast('Failed to export products');
  });
});

describe('admin products: Import CSV', () => {
  it('checks the chosen file at once (dryRun=true, text/csv, the file as the body) and previews the counts', async () => {
    const reply = deferred();
    const calls = serveImport(async () => {
      await reply.promise;
      return HttpResponse.json(report());
    });
    const { dialog, choose, importButton } = await openImport();
    expect(within(dialog).getByLabelText('CSV file')).toHaveAttribute('accept', '.csv,text/csv');
    expect(within(dialog).getByLabelText('CSV file')).toHaveFocus();
    expect(importButton()).toHaveAttribute('aria-disabled', 'true');
    expect(importButton()).toHaveAccessibleDescription('Choose a CSV file: it is checked before anything is imported.');

    await choose();
    expect(await within(dialog).findByText('Checking the file…')).toBeInTheDocument();
    expect(importButton()).toHaveAttribute('aria-disabled', 'true');
    expect(importButton()).toHaveAccessibleDescription('Checking the file…');
    reply.resolve();

    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('File: products.csv2 products to create, 1 to update, 5 unchanged'));
    expect(within(status).getByText('2 products to create, 1 to update, 5 unchanged')).toBeInTheDocument();
    expect(calls).toEqual([dryRunOf()]);
    expect(within(dialog).queryByRole('heading', { name: 'Rows to fix' })).not.toBeInTheDocument();
    expect(importButton()).not.toHaveAttribute('aria-disabled');
    expect(importButton()).not.toHaveAccessibleDescription();
  });

  it('says one product in the singular, and keeps Import disabled when the file changes nothing', async () => {
    serveImport(() => HttpResponse.json(report({ create: 1, update: 0, unchanged: 1 })));
    const { dialog, choose, importButton, user } = await openImport();
    await choose();
    expect(await within(dialog).findByText('1 product to create, 0 to update, 1 unchanged')).toBeInTheDocument();

    const calls = serveImport(() => HttpResponse.json(report({ create: 0, update: 0, unchanged: 7 })));
    await choose(csvFile('handle,name\n'));
    expect(await within(dialog).findByText('0 products to create, 0 to update, 7 unchanged')).toBeInTheDocument();
    expect(importButton()).toHaveAttribute('aria-disabled', 'true');
    expect(importButton()).toHaveAccessibleDescription('Nothing to import: the file changes no product.');
    await user.click(importButton());
    expect(calls).toEqual([dryRunOf('handle,name\n')]);
  });

  it('lists each bad line with its message, says nothing is imported until every row is right, and keeps Import disabled', async () => {
    const calls = serveImport(() =>
      HttpResponse.json(
        report({
          create: 1,
          update: 0,
          unchanged: 3,
          errors: [
            { line: 3, message: 'Price is not money: write dollars like 12.50' },
            { line: 7, message: 'SKU A-1 is on line 3 too' },
          ],
        }),
      ),
    );
    const { dialog, choose, importButton, user } = await openImport();
    await choose();
    const heading = await within(dialog).findByRole('heading', { level: 3, name: 'Rows to fix' });
    expect(heading).toBeInTheDocument();
    const note =
      'Nothing will be imported until every row is right. Fix these rows in your spreadsheet and choose the file again.';
    expect(within(dialog).getByText(note)).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Rows to fix' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Line', 'Problem']);
    expect(within(table).getAllByTestId('import-error').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['3', 'Price is not money: write dollars like 12.50'],
      ['7', 'SKU A-1 is on line 3 too'],
    ]);
    expect(within(dialog).getByText('1 product to create, 0 to update, 3 unchanged')).toBeInTheDocument();
    expect(importButton()).toHaveAttribute('aria-disabled', 'true');
    expect(importButton()).toHaveAccessibleDescription(note);
    await user.click(importButton());
    expect(calls).toEqual([dryRunOf()]);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('lists every problem of a line under that line, once, the lines in order', async () => {
    serveImport(() =>
      HttpResponse.json(
        report({
          create: 0,
          update: 0,
          unchanged: 2,
          errors: [
            { line: 5, message: 'Price is not money: write dollars like 12.50' },
            { line: 2, message: 'Name is required' },
            { line: 5, message: 'Stock must be a whole number from 0' },
            { line: 5, message: 'Category must be women, kids or sales' },
          ],
        }),
      ),
    );
    const { dialog, choose } = await openImport();
    await choose();
    const table = within(await within(dialog).findByRole('table', { name: 'Rows to fix' }));
    const rows = table.getAllByTestId('import-error');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['2', '5']);
    expect(within(rows[0]).getAllByRole('cell')[1]).toHaveTextContent('Name is required');
    expect(within(rows[0]).queryByRole('list')).not.toBeInTheDocument();
    expect(within(within(rows[1]).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Price is not money: write dollars like 12.50',
      'Stock must be a whole number from 0',
      'Category must be women, kids or sales',
    ]);
    expect(await axeViolations(dialog)).toEqual([]);
  });

  it('imports the same file without dryRun, shows the progress, then toasts, closes and reloads the list', async () => {
    const written = deferred();
    const calls = serveImport(async (call) => {
      if (call.search) return HttpResponse.json(report());
      await written.promise;
      return HttpResponse.json(report());
    });
    const { dialog, choose, importButton, user, listed } = await openImport();
    await choose();
    await within(dialog).findByText('2 products to create, 1 to update, 5 unchanged');
    const listedBefore = listed.length;

    await user.click(importButton());
    const bar = await within(dialog).findByRole('progressbar', { name: 'Importing products' });
    expect(bar).toBeInTheDocument();
    expect(importButton()).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Closing now would hide whether it was written: Escape waits for the answer.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Import products' })).toBeInTheDocument();
    written.resolve();

    await findToast('Imported: 2 created, 1 updated');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([dryRunOf(), importOf()]);
    await waitFor(() => expect(listed.length).toBe(listedBefore + 1));
    expect(screen.getByRole('button', { name: 'Import CSV' })).toHaveFocus();
  });

  it("shows the upload's progress while the file is sent, then an indeterminate bar while the server writes", async () => {
    /** An XMLHttpRequest the test answers itself: msw reports an upload's progress only with its reply. */
    class HeldXhr {
      static sent: HeldXhr[] = [];
      upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      status = 0;
      responseText = '';
      url = '';
      headers: Record<string, string> = {};
      body: unknown;
      open(method: string, url: string) {
        this.url = `${method} ${url}`;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: unknown) {
        this.body = body;
        HeldXhr.sent.push(this);
      }
      abort() {
        this.onabort?.();
      }
      respond(status: number, data: unknown) {
        this.status = status;
        this.responseText = JSON.stringify(data);
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    const { dialog, choose, importButton, user } = await openImport();
    await choose();
    await waitFor(() => expect(HeldXhr.sent).toHaveLength(1));
    const [check] = HeldXhr.sent;
    expect(check.url).toBe('POST /api/admin/products/import?dryRun=true');
    expect(check.headers).toMatchObject({ 'Content-Type': 'text/csv', Authorization: 'Bearer test-token', 'Accept-Language': 'en' });
    expect(new TextDecoder().decode(check.body as ArrayBuffer)).toBe(SHEET);
    act(() => check.respond(200, report()));
    await within(dialog).findByText('2 products to create, 1 to update, 5 unchanged');

    await user.click(importButton());
    const [, upload] = HeldXhr.sent;
    expect(upload.url).toBe('POST /api/admin/products/import');
    expect(new TextDecoder().decode(upload.body as ArrayBuffer)).toBe(SHEET);
    act(() => upload.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    const bar = within(dialog).getByRole('progressbar', { name: 'Importing products' });
    expect(bar).toHaveAttribute('value', '40');
    expect(within(dialog).getByText('Sending the file: 40%')).toBeInTheDocument();
    act(() => upload.upload.onload?.());
    const writing = within(dialog).getByRole('progressbar', { name: 'Importing products' });
    expect(writing).not.toHaveAttribute('value');
    expect(within(dialog).getByText('Writing the products…')).toBeInTheDocument();
    act(() => upload.respond(200, report({ create: 0, update: 3 })));
    await findToast('Imported: 0 created, 3 updated');
  });

  it("shows a refused import's message and rows (400: nothing written), keeps the dialog open, and checks the file chosen again", async () => {
    const calls = serveImport((call) =>
      call.search
        ? HttpResponse.json(report())
        : HttpResponse.json(
            {
              message: '1 row cannot be imported: nothing was written',
              create: 0,
              update: 0,
              unchanged: 0,
              errors: [{ line: 4, message: 'Size M sold since the export: 3 left now. Export again and redo this row' }],
            },
            { status: 400 },
          ),
    );
    const { dialog, choose, importButton, user } = await openImport();
    await choose();
    await within(dialog).findByText('2 products to create, 1 to update, 5 unchanged');
    await user.click(importButton());

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 row cannot be imported: nothing was written');
    const table = within(dialog).getByRole('table', { name: 'Rows to fix' });
    expect(within(table).getAllByTestId('import-error').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['4', 'Size M sold since the export: 3 left now. Export again and redo this row'],
    ]);
    expect(within(dialog).queryByText('2 products to create, 1 to update, 5 unchanged')).not.toBeInTheDocument();
    expect(importButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('dialog', { name: 'Import products' })).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);

    // The same file, fixed in the spreadsheet, chosen again: checked again from the start.
    const fixed = SHEET.replace(',30,25', ',22,25');
    await choose(csvFile(fixed));
    await within(dialog).findByText('2 products to create, 1 to update, 5 unchanged');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    expect(importButton()).not.toHaveAttribute('aria-disabled');
    expect(calls).toEqual([dryRunOf(), importOf(), dryRunOf(fixed)]);
  });

  it("shows the server's message when the import fails otherwise, and Import may be pressed again", async () => {
    serveImport((call) => (call.search ? HttpResponse.json(report()) : HttpResponse.json({ message: 'Please log in to continue' }, { status: 401 })));
    const { dialog, choose, importButton, user } = await openImport();
    await choose();
    await within(dialog).findByText('2 products to create, 1 to update, 5 unchanged');
    await user.click(importButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please log in to continue');
    expect(importButton()).not.toHaveAttribute('aria-disabled');
  });

  it("shows the default message when the check fails without one, and refuses a file over 16 MB without sending it", async () => {
    const calls = serveImport(() => new HttpResponse(null, { status: 500 }));
    const { dialog, choose, importButton } = await openImport();
    await choose();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to check the file');
    expect(importButton()).toHaveAttribute('aria-disabled', 'true');

    const big = csvFile();
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 + 1 });
    await choose(big);
    const field = within(dialog).getByLabelText('CSV file');
    expect(field).toHaveAccessibleDescription(
      'This file is larger than 16 MB, the most one import takes. Split it into smaller files. The columns of Export CSV. Choosing a file checks it; nothing is written until you press Import.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(1);
  });

  it('Cancel closes the dialog and gives the focus back to Import CSV', async () => {
    const { dialog, user } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toHaveFocus();
  });

  it('is axe-clean with the preview and with the rows to fix', async () => {
    serveImport(() =>
      HttpResponse.json(report({ create: 0, update: 1, unchanged: 0, errors: [{ line: 2, message: 'Featured must be yes or no' }] })),
    );
    const { dialog, choose } = await openImport();
    expect(await axeViolations(dialog)).toEqual([]);
    await choose();
    await within(dialog).findByRole('table', { name: 'Rows to fix' });
    expect(await axeViolations(dialog)).toEqual([]);
  });

  it('the stock keeper has both buttons; someone without products.manage has neither', async () => {
    serveProducts();
    const { unmount } = renderAdmin('/admin/products', makeUser({ role: 'stock' }));
    await screen.findAllByTestId('product-row');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    unmount();

    renderAdmin('/admin/products', makeUser({ role: 'orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
  });
});
