import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { filterProducts, defaultProductFilters } from '../products/filter';
import { toProductInput, emptyProductForm, validateProductForm } from '../products/product-form';
import { recordJson, renderAdmin } from './helpers';

const dress = makeProduct({ _id: 'p-dress', name: 'Floral Summer Dress', category: 'women', price: 24, discount: 20, originalPrice: 30, stock: 25, stockStatus: 'inStock', tags: ['dress', 'new'] });
const shoes = makeProduct({ _id: 'p-shoes', name: 'Kids Sneakers', description: 'Light shoes for running', category: 'kids', price: 15, stock: 4, stockStatus: 'lowStock' });
const scarf = makeProduct({ _id: 'p-scarf', name: 'Silk Scarf', description: 'Soft silk', category: 'sales', price: 9.5, stock: 0, stockStatus: 'outOfStock' });

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../products/components/ProductsPage');
});

function serveProducts(list = [dress, shoes, scarf]) {
  server.use(http.get('/api/products', () => HttpResponse.json(list)));
}

const rowNames = () => screen.getAllByTestId('product-row').map((r) => within(r).getAllByText(/./)[0].textContent);

async function openAdd() {
  serveProducts();
  const utils = renderAdmin('/admin/products');
  await screen.findAllByTestId('product-row');
  await utils.user.click(screen.getByRole('button', { name: 'Add New Product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
  return { ...utils, dialog };
}

describe('admin products: list and filters', () => {
  it('shows the loading text, then the table with price, discount percent, stock and status badge', async () => {
    serveProducts();
    renderAdmin('/admin/products');
    expect(await screen.findByText('Loading products...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('product-row');
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
  });

  it('filters by text (name, description, category), category and server stock status, sorts with a direction toggle', async () => {
    serveProducts();
    const { user } = renderAdmin('/admin/products');
    await screen.findAllByTestId('product-row');
    expect(rowNames()).toEqual(['Floral Summer Dress', 'Kids Sneakers', 'Silk Scarf']);

    await user.type(screen.getByLabelText('Search products'), 'running');
    expect(rowNames()).toEqual(['Kids Sneakers']);
    await user.clear(screen.getByLabelText('Search products'));
    await user.type(screen.getByLabelText('Search products'), 'SALES');
    expect(rowNames()).toEqual(['Silk Scarf']);
    await user.clear(screen.getByLabelText('Search products'));

    await user.selectOptions(screen.getByLabelText('Category'), 'kids');
    expect(rowNames()).toEqual(['Kids Sneakers']);
    await user.selectOptions(screen.getByLabelText('Category'), 'all');

    await user.selectOptions(screen.getByLabelText('Stock status'), 'outOfStock');
    expect(rowNames()).toEqual(['Silk Scarf']);
    await user.selectOptions(screen.getByLabelText('Stock status'), 'all');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'price');
    expect(rowNames()).toEqual(['Silk Scarf', 'Kids Sneakers', 'Floral Summer Dress']);
    await user.click(screen.getByRole('button', { name: /Sort ascending/ }));
    expect(rowNames()).toEqual(['Floral Summer Dress', 'Kids Sneakers', 'Silk Scarf']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'stock');
    expect(rowNames()).toEqual(['Floral Summer Dress', 'Kids Sneakers', 'Silk Scarf']);

    await user.type(screen.getByLabelText('Search products'), 'nothing like this');
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
  });

  it('uses the server stock status, not its own thresholds', () => {
    const odd = makeProduct({ name: 'Odd', stock: 50, stockStatus: 'lowStock' });
    expect(filterProducts([odd], { ...defaultProductFilters, stock: 'lowStock' })).toHaveLength(1);
    expect(filterProducts([odd], { ...defaultProductFilters, stock: 'inStock' })).toHaveLength(0);
  });

  it('toasts a load failure', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json({ message: 'boom' }, { status: 503 })));
    renderAdmin('/admin/products');
    await findToast('Failed to load products. Please try again.');
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

describe('admin products: saving', () => {
  it('creates with a multipart POST (image and fields, tags joined with commas), toasts and closes', async () => {
    const posts = recordJson('post', '/api/products', () => HttpResponse.json(dress, { status: 201 }));
    const { user, dialog } = await openAdd();
    const d = within(dialog);
    await user.type(d.getByLabelText('Name'), 'Linen Abaya');
    await user.selectOptions(d.getByLabelText('Category'), 'sales');
    await user.type(d.getByLabelText('Description'), 'Cool linen');
    await user.type(d.getByLabelText('Price'), '35.5');
    await user.type(d.getByLabelText('Stock'), '12');
    await user.type(d.getByLabelText('Tags'), 'new, abaya , ,linen');
    await user.click(d.getByLabelText('Featured product'));
    await user.upload(d.getByLabelText('Image'), new File(['img'], 'abaya.png', { type: 'image/png' }));
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
    expect(fd.get('image')).toBeTruthy();
    expect(posts[0].headers.get('authorization')).toBe('Bearer test-token');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
    await user.upload(d.getByLabelText('Image'), new File(['img'], 'new.png', { type: 'image/png' }));
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');
    expect(puts[0].contentType).toContain('multipart/form-data');
    expect((puts[0].body as FormData).get('name')).toBe('Kids Sneakers');
    expect((puts[0].body as FormData).get('image')).toBeTruthy();
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
  it('asks with the exact question, deletes, toasts and reloads the list', async () => {
    let list = [dress, shoes];
    server.use(
      http.get('/api/products', () => HttpResponse.json(list)),
      http.delete('/api/products/p-shoes', () => {
        list = [dress];
        return HttpResponse.json({ message: 'Product deleted successfully' });
      }),
    );
    const { user } = renderAdmin('/admin/products');
    const deleteButton = await screen.findByRole('button', { name: 'Delete Kids Sneakers' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Product' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete "Kids Sneakers"? This action cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Product deleted successfully');
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the server message, else the default, when a delete fails', async () => {
    serveProducts([dress]);
    server.use(http.delete('/api/products/p-dress', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Floral Summer Dress' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Failed to delete product');
  });

  it("says 'Unauthorized' when the server refuses without a message", async () => {
    serveProducts([dress]);
    server.use(http.delete('/api/products/p-dress', () => new HttpResponse(null, { status: 403 })));
    const { user } = renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Floral Summer Dress' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Unauthorized');
  });
});
