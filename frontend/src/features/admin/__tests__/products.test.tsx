import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminKeys, productKeys } from '@/lib/query-keys';
import type { Product } from '@/lib/types';
import { makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { toProductInput, emptyProductForm, validateProductForm } from '../products/product-form';
import { currentUrl, paramsOf, recordJson, renderAdmin, serveList, type ListReply } from './helpers';

const dress = makeProduct({ _id: 'p-dress', name: 'Floral Summer Dress', category: 'women', price: 24, discount: 20, originalPrice: 30, stock: 25, stockStatus: 'inStock', tags: ['dress', 'new'] });
const shoes = makeProduct({ _id: 'p-shoes', name: 'Kids Sneakers', description: 'Light shoes for running', category: 'kids', price: 15, stock: 4, stockStatus: 'lowStock' });
const scarf = makeProduct({ _id: 'p-scarf', name: 'Silk Scarf', description: 'Soft silk', category: 'sales', price: 9.5, stock: 0, stockStatus: 'outOfStock' });

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../products/components/ProductsPage');
});

/** GET /api/admin/products: the given rows (all three by default); returns every request's query. */
function serveProducts(reply: (query: URLSearchParams) => ListReply<Product> = () => ({ rows: [dress, shoes, scarf] })) {
  return serveList<Product>('/api/admin/products', reply);
}

const firstPage = { page: '1', limit: '20', sort: 'name', dir: 'asc' };

const rowNames = () => screen.getAllByTestId('product-row').map((r) => within(r).getAllByText(/./)[0].textContent);

async function openAdd() {
  const served = serveProducts();
  const utils = renderAdmin('/admin/products');
  await screen.findAllByTestId('product-row');
  await utils.user.click(screen.getByRole('button', { name: 'Add New Product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
  return { ...utils, dialog, served };
}

describe('admin products: list, filters and sort by the server, kept in the URL', () => {
  it('shows the loading text, then the first page by name with price, discount percent, stock and status badge', async () => {
    const served = serveProducts();
    renderAdmin('/admin/products');
    expect(await screen.findByText('Loading products...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('product-row');
    expect(served.map(paramsOf)).toEqual([firstPage]);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]);
    expect(first.getByText('Floral Summer Dress', { selector: 'p' })).toBeInTheDocument();
    expect(first.getByText('$24.00')).toBeInTheDocument();
    expect(first.getByText('20% OFF')).toBeInTheDocument();
    expect(first.getByText('In Stock')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Low Stock')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Out of Stock')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit Floral Summer Dress' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete Floral Summer Dress' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('sends the search, category, stock status and sort, each in the URL and back at page 1', async () => {
    const served = serveProducts();
    const { user } = renderAdmin('/admin/products?page=2');
    await screen.findAllByTestId('product-row');
    expect(paramsOf(served[0])).toEqual({ ...firstPage, page: '2' });
    const last = () => paramsOf(served.at(-1));

    await user.type(screen.getByLabelText('Search products'), 'running shoes');
    await waitFor(() => expect(last()).toEqual({ ...firstPage, q: 'running shoes' }));
    expect(served).toHaveLength(2);
    expect(currentUrl()).toBe('/admin/products?q=running+shoes');
    await user.clear(screen.getByLabelText('Search products'));
    await waitFor(() => expect(currentUrl()).toBe('/admin/products'));

    const category = screen.getByLabelText('Category');
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual(['All categories', 'Women', 'Kids', 'Sales']);
    await user.selectOptions(category, 'kids');
    await waitFor(() => expect(last()).toEqual({ ...firstPage, category: 'kids' }));
    const stock = screen.getByLabelText('Stock status');
    expect(within(stock).getAllByRole('option').map((o) => o.textContent)).toEqual(['All stock', 'In Stock', 'Low Stock', 'Out of Stock']);
    await user.selectOptions(stock, 'outOfStock');
    await waitFor(() => expect(last()).toEqual({ ...firstPage, category: 'kids', stock: 'outOfStock' }));
    expect(currentUrl()).toBe('/admin/products?category=kids&stock=outOfStock');
    await user.selectOptions(category, '');
    await user.selectOptions(stock, '');

    const sort = screen.getByLabelText('Sort by');
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Name', 'Price', 'Stock', 'Category', 'Date added']);
    await user.selectOptions(sort, 'price');
    await waitFor(() => expect(last()).toEqual({ ...firstPage, sort: 'price' }));
    await user.click(screen.getByRole('button', { name: /Sort ascending/ }));
    await waitFor(() => expect(last()).toEqual({ ...firstPage, sort: 'price', dir: 'desc' }));
    expect(currentUrl()).toBe('/admin/products?sort=price&dir=desc');
  });

  it('asks for the list a shared link names and shows its filters', async () => {
    const served = serveProducts(() => ({ rows: [shoes], total: 41 }));
    renderAdmin('/admin/products?category=kids&stock=lowStock&q=sneakers&sort=stock&dir=desc&page=3');
    await screen.findAllByTestId('product-row');
    expect(served.map(paramsOf)).toEqual([
      { page: '3', limit: '20', q: 'sneakers', category: 'kids', stock: 'lowStock', sort: 'stock', dir: 'desc' },
    ]);
    expect(screen.getByLabelText('Search products')).toHaveValue('sneakers');
    expect(screen.getByLabelText('Category')).toHaveValue('kids');
    expect(screen.getByLabelText('Stock status')).toHaveValue('lowStock');
    expect(screen.getByLabelText('Sort by')).toHaveValue('stock');
    expect(screen.getByRole('button', { name: /Sort descending/ })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Products pages' });
    expect(within(pager).getByText('Showing 41–41 of 41')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('moves pages with the pager', async () => {
    const served = serveProducts((q) => ({ rows: q.get('page') === '1' ? [dress, shoes] : [scarf], total: 41 }));
    const { user } = renderAdmin('/admin/products');
    await screen.findAllByTestId('product-row');
    const pager = screen.getByRole('navigation', { name: 'Products pages' });
    expect(within(pager).getByText('Showing 1–2 of 41')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rowNames()).toEqual(['Silk Scarf']));
    expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, page: '3' });
    expect(currentUrl()).toBe('/admin/products?page=3');
    expect(within(pager).getByText('Showing 41–41 of 41')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    serveProducts(() => ({ rows: [], total: 0 }));
    renderAdmin('/admin/products?q=nothing+like+this');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
  });

  it('toasts a load failure', async () => {
    server.use(http.get('/api/admin/products', () => HttpResponse.json({ message: 'boom' }, { status: 503 })));
    renderAdmin('/admin/products');
    await findToast('Failed to load products. Please try again.');
    const alert = screen.getAllByRole('alert').find((a) => a.closest('main'));
    expect(alert).toHaveTextContent('Failed to load products. Please try again.');
  });
});

describe('admin products: form validation', () => {
  it('shows each message, blocks submit, and clears a message when its field is edited', async () => {
    const posts = recordJson('post', '/api/products', () => HttpResponse.json(dress, { status: 201 }));
    const { user, dialog } = await openAdd();
    const d = within(dialog);
    await user.clear(d.getByLabelText('Discount (%)'));
    await user.type(d.getByLabelText('Discount (%)'), '150');
    await user.click(d.getByRole('button', { name: 'Create' }));

    for (const msg of [
      'Product name is required',
      'Description is required',
      'Valid price is required',
      'Valid stock quantity is required',
      'Discount must be between 0 and 100',
    ]) {
      expect(d.getByText(msg)).toBeInTheDocument();
    }
    expect(d.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByLabelText('Name')).toHaveAccessibleDescription('Product name is required');

    await user.type(d.getByLabelText('Name'), 'New Dress');
    expect(d.queryByText('Product name is required')).not.toBeInTheDocument();
    expect(d.getByText('Description is required')).toBeInTheDocument();
    await user.type(d.getByLabelText('Description'), 'Nice');
    expect(d.queryByText('Description is required')).not.toBeInTheDocument();
    await user.type(d.getByLabelText('Price'), '0');
    expect(d.queryByText('Valid price is required')).not.toBeInTheDocument();
    await user.type(d.getByLabelText('Stock'), '-1');
    await user.type(d.getByLabelText('Discount (%)'), '5');

    // Still invalid (price 0, stock -1, discount 1505): submit is blocked again.
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(d.getByText('Valid price is required')).toBeInTheDocument();
    expect(d.getByText('Valid stock quantity is required')).toBeInTheDocument();
    expect(d.getByText('Discount must be between 0 and 100')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('checks price above 0, stock a non-negative integer, discount 0 to 100', () => {
    const base = { ...emptyProductForm(), name: 'A', description: 'B', price: '10', stock: '3', discount: '0' };
    expect(validateProductForm(base)).toEqual({});
    expect(validateProductForm({ ...base, price: '0' }).price).toBe('Valid price is required');
    expect(validateProductForm({ ...base, price: '' }).price).toBe('Valid price is required');
    expect(validateProductForm({ ...base, stock: '' }).stock).toBe('Valid stock quantity is required');
    expect(validateProductForm({ ...base, stock: '0' }).stock).toBeUndefined();
    expect(validateProductForm({ ...base, discount: '100' }).discount).toBeUndefined();
    expect(validateProductForm({ ...base, discount: '-1' }).discount).toBe('Discount must be between 0 and 100');
    expect(validateProductForm({ ...base, name: '   ' }).name).toBe('Product name is required');
    expect(toProductInput({ ...base, tags: ' a, ,b ,, c ', price: '12.50', discount: '10' })).toMatchObject({
      tags: ['a', 'b', 'c'],
      price: 12.5,
      discount: 10,
      stock: 3,
    });
  });
});

/**
 * The `image` of each multipart body the app hands to fetch. (Checked there: jsdom's File loses
 * its name and bytes on the way into Node's fetch, so the request MSW sees cannot show them.)
 */
function spyImagesSent() {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  return () => fetchSpy.mock.calls.flatMap(([, init]) => (init?.body instanceof FormData ? [init.body.get('image')] : []));
}

describe('admin products: saving', () => {
  it('creates with a multipart POST (image and fields, tags joined with commas), toasts, closes and reloads the list', async () => {
    const posts = recordJson('post', '/api/products', () => HttpResponse.json(dress, { status: 201 }));
    const { user, dialog, served } = await openAdd();
    const imagesSent = spyImagesSent();
    const d = within(dialog);
    await user.type(d.getByLabelText('Name'), 'Linen Abaya');
    await user.selectOptions(d.getByLabelText('Category'), 'sales');
    await user.type(d.getByLabelText('Description'), 'Cool linen');
    await user.type(d.getByLabelText('Price'), '35.5');
    await user.type(d.getByLabelText('Stock'), '12');
    await user.type(d.getByLabelText('Tags'), 'new, abaya , ,linen');
    await user.click(d.getByLabelText('Featured product'));
    const abaya = new File(['img'], 'abaya.png', { type: 'image/png' });
    await user.upload(d.getByLabelText('Image'), abaya);
    await user.click(d.getByRole('button', { name: 'Create' }));

    await findToast('Product created successfully');
    expect(posts).toHaveLength(1);
    expect(posts[0].contentType).toContain('multipart/form-data');
    const fd = posts[0].body as FormData;
    expect(Object.fromEntries([...fd.entries()].filter(([k]) => k !== 'image'))).toEqual({
      name: 'Linen Abaya',
      category: 'sales',
      description: 'Cool linen',
      price: '35.5',
      stock: '12',
      discount: '0',
      tags: 'new,abaya,linen',
      isFeatured: 'true',
    });
    expect(fd.get('image')).toMatchObject({ type: 'image/png' });
    expect(imagesSent()).toHaveLength(1);
    expect(imagesSent()[0]).toBe(abaya);
    expect(posts[0].headers.get('authorization')).toBe('Bearer test-token');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.map(paramsOf)).toEqual([firstPage, firstPage]);
  });

  it('edits with JSON when no new image is chosen, and shows server field errors under the fields', async () => {
    let attempt = 0;
    const puts = recordJson('put', '/api/products/p-dress', () =>
      ++attempt === 1
        ? HttpResponse.json({ message: 'Invalid product', errors: { name: 'Name is too long' } }, { status: 400 })
        : HttpResponse.json({ ...dress, name: 'Short' }),
    );
    serveProducts();
    const { user } = renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Edit Floral Summer Dress' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    expect(d.getByLabelText('Name')).toHaveValue('Floral Summer Dress');
    expect(d.getByLabelText('Tags')).toHaveValue('dress, new');
    expect(d.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', '/uploads/dress.webp');
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Invalid product');
    expect(d.getByText('Name is too long')).toBeInTheDocument();
    expect(puts[0].contentType).toContain('application/json');
    expect(puts[0].body).toMatchObject({ name: 'Floral Summer Dress', price: 24, discount: 20, tags: ['dress', 'new'] });
    expect(puts[0].body).not.toHaveProperty('image');
    // The stock was not touched: sending it would put back units sold while the form was open.
    expect(puts[0].body).not.toHaveProperty('stock');
    expect(puts[0].body).not.toHaveProperty('expectedStock');

    await user.clear(d.getByLabelText('Name'));
    expect(d.queryByText('Name is too long')).not.toBeInTheDocument();
    await user.type(d.getByLabelText('Name'), 'Short');
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts the server's reply into the row without reloading the list; the catalogue and the dashboard figures are refreshed", async () => {
    recordJson('put', '/api/products/p-shoes', () => HttpResponse.json({ ...shoes, name: 'Kids Trainers', price: 17 }));
    const served = serveProducts(() => ({ rows: [dress, shoes, scarf], total: 3 }));
    const { user, queryClient } = renderAdmin('/admin/products?sort=price');
    await user.click(await screen.findByRole('button', { name: 'Edit Kids Sneakers' }));
    // cached from the storefront and the dashboard
    await queryClient.prefetchQuery({ queryKey: productKeys.list(), queryFn: () => [] });
    await queryClient.prefetchQuery({ queryKey: adminKeys.stats(), queryFn: () => ({}) });
    const d = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowNames()).toEqual(['Floral Summer Dress', 'Kids Trainers', 'Silk Scarf']);
    expect(within(screen.getAllByTestId('product-row')[1]).getByText('$17.00')).toBeInTheDocument();
    expect(served).toHaveLength(1);
    expect(queryClient.getQueryState(productKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(adminKeys.stats())?.isInvalidated).toBe(true);
  });

  it('sends a changed stock with the stock it showed, and shows the server answer when it moved meanwhile', async () => {
    const puts = recordJson('put', '/api/products/p-dress', () =>
      HttpResponse.json({ message: 'Stock changed since you opened this product: now 22' }, { status: 409 }),
    );
    serveProducts();
    const { user } = renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Edit Floral Summer Dress' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    await user.clear(d.getByLabelText('Stock'));
    await user.type(d.getByLabelText('Stock'), '40');
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Stock changed since you opened this product: now 22');
    expect(puts[0].body).toMatchObject({ stock: 40, expectedStock: 25 });
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });

  it('edits with multipart when a new image is chosen', async () => {
    const puts = recordJson('put', '/api/products/p-shoes', () => HttpResponse.json(shoes));
    serveProducts();
    const { user } = renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Edit Kids Sneakers' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    const imagesSent = spyImagesSent();
    const chosen = new File(['img'], 'new.png', { type: 'image/png' });
    await user.upload(d.getByLabelText('Image'), chosen);
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');
    expect(puts[0].contentType).toContain('multipart/form-data');
    expect((puts[0].body as FormData).get('name')).toBe('Kids Sneakers');
    expect((puts[0].body as FormData).get('image')).toMatchObject({ type: 'image/png' });
    expect(imagesSent()).toHaveLength(1);
    expect(imagesSent()[0]).toBe(chosen);
    expect((puts[0].body as FormData).get('stock')).toBeNull();
  });

  it('toasts the default message when a save fails without a server message', async () => {
    server.use(http.post('/api/products', () => new HttpResponse(null, { status: 500 })));
    const { user, dialog } = await openAdd();
    const d = within(dialog);
    await user.type(d.getByLabelText('Name'), 'X');
    await user.type(d.getByLabelText('Description'), 'Y');
    await user.type(d.getByLabelText('Price'), '1');
    await user.type(d.getByLabelText('Stock'), '1');
    await user.click(d.getByRole('button', { name: 'Create' }));
    await findToast('Failed to create product');
    expect(screen.getByRole('dialog', { name: 'Add New Product' })).toBeInTheDocument();
  });
});

describe('admin products: delete', () => {
  it('asks with the exact question, deletes, toasts and reloads the page shown (its total changed)', async () => {
    let list = [dress, shoes];
    const served = serveProducts(() => ({ rows: list }));
    server.use(
      http.delete('/api/products/p-shoes', () => {
        list = [dress];
        return HttpResponse.json({ message: 'Product deleted successfully' });
      }),
    );
    const { user } = renderAdmin('/admin/products?stock=lowStock');
    const deleteButton = await screen.findByRole('button', { name: 'Delete Kids Sneakers' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Product' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete "Kids Sneakers"? This action cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Product deleted successfully');
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(1));
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(served.map(paramsOf)).toEqual([
      { ...firstPage, stock: 'lowStock' },
      { ...firstPage, stock: 'lowStock' },
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the server message, else the default, when a delete fails', async () => {
    serveProducts(() => ({ rows: [dress] }));
    server.use(http.delete('/api/products/p-dress', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Floral Summer Dress' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Failed to delete product');
  });

  it("says 'Unauthorized' when the server refuses without a message", async () => {
    serveProducts(() => ({ rows: [dress] }));
    server.use(http.delete('/api/products/p-dress', () => new HttpResponse(null, { status: 403 })));
    const { user } = renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Floral Summer Dress' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Unauthorized');
  });
});
