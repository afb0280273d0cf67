/** The admin's sizes: the product form's size grid, what it sends, and stock per size in the products table. */
import { beforeAll, describe, expect, it } from 'vitest';
import { KIDS_SIZES } from '@/lib/sizes';
import type { Product } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeProduct, makeSizedProduct, makeVariant } from '@/testing/data';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { newVariantRow, variantProblem, type VariantRow } from '../products/variant-rows';
import { HttpResponse, recordJson, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../products/components/ProductsPage');
});

const small = makeVariant('S', 4, { _id: 'v-s', sku: 'WRAP-S' });
const medium = makeVariant('M', 0, { _id: 'v-m', sku: 'WRAP-M' });
const large = makeVariant('L', 2, { _id: 'v-l', sku: 'WRAP-L' });
const wrap = makeSizedProduct([small, medium, large], { _id: 'p-wrap', name: 'Linen Wrap Dress', price: 30 });
const scarf = makeProduct({ _id: 'p-scarf', name: 'Silk Scarf', stock: 7 });

function renderProducts(rows: Product[] = [wrap, scarf]) {
  serveList<Product>('/api/admin/products', () => ({ rows }));
  return renderAdmin('/admin/products');
}

async function openAdd() {
  const utils = renderProducts();
  await screen.findAllByTestId('product-row');
  await utils.user.click(screen.getByRole('button', { name: 'Add New Product' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add New Product' }));
  return { ...utils, d: dialog };
}

async function openEdit(name: string) {
  const utils = renderProducts();
  await utils.user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
  return { ...utils, d: dialog };
}

type D = Awaited<ReturnType<typeof openAdd>>['d'];
const gridSizes = (d: D) => d.queryAllByTestId('variant-row').map((row) => within(row).getByLabelText(/^Size, row/).getAttribute('value'));
const cell = (d: D, column: string, row: number) => d.getByLabelText(`${column}, row ${row}`);

async function fillProduct(d: D, user: Awaited<ReturnType<typeof openAdd>>['user']) {
  await user.type(d.getByLabelText('Name'), 'Cotton Shirt');
  await user.type(d.getByLabelText('Description'), 'Soft cotton');
  await user.type(d.getByLabelText('Price'), '20');
}

describe('admin product form: the size grid', () => {
  it('hides the product stock while the grid has rows', async () => {
    const { user, d } = await openAdd();
    expect(d.getByLabelText('Stock')).toBeInTheDocument();
    expect(d.queryAllByTestId('variant-row')).toHaveLength(0);

    await user.click(d.getByRole('button', { name: 'Add size' }));
    expect(cell(d, 'Size', 1)).toHaveFocus();
    expect(d.queryByLabelText('Stock')).not.toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Remove row 1' }));
    expect(d.getByLabelText('Stock')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Add size' })).toHaveFocus();
  });

  it('quick-fills the usual sizes, adding only the missing ones', async () => {
    const { user, d } = await openAdd();
    await user.click(d.getByRole('button', { name: 'Add size' }));
    await user.type(cell(d, 'Size', 1), 'm');
    await user.click(d.getByRole('button', { name: 'Add Women sizes (XS to XXL)' }));
    // 'm' is M already
    expect(gridSizes(d)).toEqual(['m', 'XS', 'S', 'L', 'XL', 'XXL']);
    await user.click(d.getByRole('button', { name: 'Add Women sizes (XS to XXL)' }));
    expect(gridSizes(d)).toHaveLength(6);
    await user.click(d.getByRole('button', { name: 'Add Kids sizes (2-3Y to 12-13Y)' }));
    expect(gridSizes(d)).toEqual(['m', 'XS', 'S', 'L', 'XL', 'XXL', ...KIDS_SIZES]);
    expect(cell(d, 'Stock', 7)).toHaveValue(0);
  });

  it('moves rows up and down and removes them, keeping the keyboard focus on the row acted on', async () => {
    const { user, d } = await openEdit('Linen Wrap Dress');
    expect(gridSizes(d)).toEqual(['S', 'M', 'L']);
    expect(cell(d, 'SKU', 2)).toHaveValue('WRAP-M');
    expect(d.getByRole('button', { name: 'Move row 1 up' })).toBeDisabled();
    expect(d.getByRole('button', { name: 'Move row 3 down' })).toBeDisabled();
    expect(d.getByTestId('variants-total')).toHaveTextContent('Total stock: 6');

    await user.click(d.getByRole('button', { name: 'Move row 1 down' }));
    expect(gridSizes(d)).toEqual(['M', 'S', 'L']);
    expect(d.getByRole('button', { name: 'Move row 2 down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(gridSizes(d)).toEqual(['M', 'L', 'S']);
    // at the bottom its 'down' is disabled: the focus goes to its 'up'
    expect(d.getByRole('button', { name: 'Move row 3 up' })).toHaveFocus();
    await user.click(d.getByRole('button', { name: 'Move row 2 up' }));
    expect(gridSizes(d)).toEqual(['L', 'M', 'S']);
    expect(d.getByRole('button', { name: 'Move row 1 down' })).toHaveFocus();

    await user.click(d.getByRole('button', { name: 'Remove row 2' }));
    expect(gridSizes(d)).toEqual(['L', 'S']);
    expect(d.getByRole('button', { name: 'Remove row 2' })).toHaveFocus();
    expect(d.getByTestId('variants-total')).toHaveTextContent('Total stock: 6');
  });

  it("checks the grid as the server does, points at the cell, blocks the save, and clears the message on an edit", async () => {
    const posts = recordJson('post', '/api/products', () => HttpResponse.json(wrap, { status: 201 }));
    const { user, d } = await openAdd();
    await fillProduct(d, user);
    await user.click(d.getByRole('button', { name: 'Add size' }));
    await user.click(d.getByRole('button', { name: 'Add size' }));
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(d.getByText('Each size needs a name')).toBeInTheDocument();
    expect(cell(d, 'Size', 1)).toHaveAttribute('aria-invalid', 'true');
    expect(cell(d, 'Size', 1)).toHaveAccessibleDescription('Each size needs a name');
    expect(cell(d, 'Size', 2)).not.toHaveAttribute('aria-invalid');

    await user.type(cell(d, 'Size', 1), 'M');
    expect(d.queryByText('Each size needs a name')).not.toBeInTheDocument();
    await user.type(cell(d, 'Size', 2), 'm');
    await user.type(cell(d, 'Colour', 1), 'Black');
    await user.type(cell(d, 'Colour', 2), 'black');
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(d.getByText('Size m in black is listed twice')).toBeInTheDocument();
    expect(cell(d, 'Size', 2)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(cell(d, 'Colour', 2));
    await user.clear(cell(d, 'Stock', 1));
    await user.type(cell(d, 'Stock', 1), '1.5');
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(d.getByText(/^Stock of size .* must be a whole number of 0 or more$/)).toBeInTheDocument();
    expect(cell(d, 'Stock', 1)).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);
  });

  it.each<[string, Partial<VariantRow>[], string | undefined]>([
    ['a blank size', [{ size: ' ' }], 'Each size needs a name'],
    ['a negative stock', [{ size: 'S', stock: '-1' }], 'Stock of size S must be a whole number of 0 or more'],
    ['a blank stock', [{ size: 'S', stock: '' }], 'Stock of size S must be a whole number of 0 or more'],
    ['a size twice without colour', [{ size: 'M' }, { size: 'M ' }], 'Size M is listed twice'],
    ['a size twice in one colour', [{ size: 'M', colour: 'Black' }, { size: 'M', colour: 'Black' }], 'Size M in Black is listed twice'],
    ['a SKU twice', [{ size: 'S', sku: 'ABC-1' }, { size: 'M', sku: 'abc-1' }], 'SKU abc-1 is used twice'],
    ['one size in two colours, blank SKUs', [{ size: 'M', colour: 'Black' }, { size: 'M', colour: 'White' }, { size: 'L' }], undefined],
  ])('finds %s', (_, rows, message) => {
    expect(variantProblem(rows.map((r) => ({ ...newVariantRow(), ...r })))?.message).toBe(message);
  });
});

describe('admin product form: saving sizes', () => {
  it('creates with the sizes as one multipart field of JSON, and no product stock', async () => {
    const posts = recordJson('post', '/api/products', () => HttpResponse.json(wrap, { status: 201 }));
    const { user, d } = await openAdd();
    await fillProduct(d, user);
    await user.click(d.getByRole('button', { name: 'Add size' }));
    await user.type(cell(d, 'Size', 1), 'S');
    await user.clear(cell(d, 'Stock', 1));
    await user.type(cell(d, 'Stock', 1), '4');
    await user.click(d.getByRole('button', { name: 'Add size' }));
    await user.type(cell(d, 'Size', 2), ' M ');
    await user.type(cell(d, 'Colour', 2), 'Black');
    await user.type(cell(d, 'SKU', 2), 'ABC-1');
    await user.click(d.getByRole('button', { name: 'Create' }));
    await findToast('Product created successfully');

    const fd = posts[0].body as FormData;
    expect(posts[0].contentType).toContain('multipart/form-data');
    expect(JSON.parse(String(fd.get('variants')))).toEqual([
      { size: 'S', stock: 4 },
      { size: 'M', colour: 'Black', sku: 'ABC-1', stock: 0 },
    ]);
    expect(fd.get('stock')).toBeNull();
    expect(fd.get('name')).toBe('Cotton Shirt');
  });

  it('creates a one-size product as before: a stock and no sizes', async () => {
    const posts = recordJson('post', '/api/products', () => HttpResponse.json(scarf, { status: 201 }));
    const { user, d } = await openAdd();
    await fillProduct(d, user);
    await user.type(d.getByLabelText('Stock'), '9');
    await user.click(d.getByRole('button', { name: 'Create' }));
    await findToast('Product created successfully');
    const fd = posts[0].body as FormData;
    expect(fd.get('stock')).toBe('9');
    expect(fd.get('variants')).toBeNull();
  });

  it('edits with the sizes as a JSON array: kept ones with their id and shown stock, new ones without, left-out ones removed', async () => {
    const puts = recordJson('put', '/api/products/p-wrap', () => HttpResponse.json(wrap));
    const { user, d } = await openEdit('Linen Wrap Dress');
    await user.clear(cell(d, 'Stock', 2));
    await user.type(cell(d, 'Stock', 2), '10');
    await user.click(d.getByRole('button', { name: 'Remove row 3' }));
    await user.click(d.getByRole('button', { name: 'Add size' }));
    await user.type(cell(d, 'Size', 3), 'XL');
    await user.click(d.getByRole('button', { name: 'Move row 3 up' }));
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');

    expect(puts[0].contentType).toContain('application/json');
    expect(puts[0].body).toMatchObject({
      name: 'Linen Wrap Dress',
      variants: [
        { _id: 'v-s', size: 'S', sku: 'WRAP-S', stock: 4, expectedStock: 4 },
        { size: 'XL', stock: 0 },
        { _id: 'v-m', size: 'M', sku: 'WRAP-M', stock: 10, expectedStock: 0 },
      ],
    });
    // A kept size carries the stock the grid showed, so a sale meanwhile is never undone.
    expect((puts[0].body as { variants: object[] }).variants[1]).not.toHaveProperty('expectedStock');
    expect(puts[0].body).not.toHaveProperty('stock');
    expect(puts[0].body).not.toHaveProperty('expectedStock');
  });

  it("sends no sizes when the grid was not touched (sales meanwhile stay sold)", async () => {
    const puts = recordJson('put', '/api/products/p-wrap', () => HttpResponse.json(wrap));
    const { user, d } = await openEdit('Linen Wrap Dress');
    await user.type(d.getByLabelText('Name'), ' II');
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');
    expect(puts[0].body).toMatchObject({ name: 'Linen Wrap Dress II' });
    expect(puts[0].body).not.toHaveProperty('variants');
    expect(puts[0].body).not.toHaveProperty('stock');
  });

  it('removing every size sends an empty list and the stock field, with the stock it showed', async () => {
    const puts = recordJson('put', '/api/products/p-wrap', () => HttpResponse.json(wrap));
    const { user, d } = await openEdit('Linen Wrap Dress');
    for (const n of [3, 2, 1]) await user.click(d.getByRole('button', { name: `Remove row ${n}` }));
    expect(d.getByLabelText('Stock')).toHaveValue(6);
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');
    expect(puts[0].body).toMatchObject({ variants: [], stock: 6, expectedStock: 6 });
  });

  it('sends the sizes as a multipart field when a new picture is chosen', async () => {
    const puts = recordJson('put', '/api/products/p-wrap', () => HttpResponse.json(wrap));
    const { user, d } = await openEdit('Linen Wrap Dress');
    await user.click(d.getByRole('button', { name: 'Add Women sizes (XS to XXL)' }));
    await user.upload(d.getByLabelText('Image'), new File(['img'], 'new.png', { type: 'image/png' }));
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Product updated successfully');
    const fd = puts[0].body as FormData;
    expect(puts[0].contentType).toContain('multipart/form-data');
    expect(JSON.parse(String(fd.get('variants'))).map((v: { size: string }) => v.size)).toEqual(['S', 'M', 'L', 'XS', 'XL', 'XXL']);
    expect(fd.get('stock')).toBeNull();
  });

  it("shows the server's message about the sizes under the grid", async () => {
    recordJson('put', '/api/products/p-wrap', () =>
      HttpResponse.json({ message: 'Invalid product', errors: { variants: 'SKU WRAP-S is used by Silk Scarf' } }, { status: 400 }),
    );
    const { user, d } = await openEdit('Linen Wrap Dress');
    await user.clear(cell(d, 'Stock', 1));
    await user.type(cell(d, 'Stock', 1), '5');
    await user.click(d.getByRole('button', { name: 'Update' }));
    await findToast('Invalid product');
    expect(d.getByText('SKU WRAP-S is used by Silk Scarf')).toBeInTheDocument();
    expect(d.getByRole('group', { name: 'Sizes and colours' })).toHaveAccessibleDescription(/SKU WRAP-S is used by Silk Scarf/);
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });

  it('is axe-clean with rows and a message', async () => {
    const { user, d } = await openAdd();
    await user.click(d.getByRole('button', { name: 'Add Women sizes (XS to XXL)' }));
    await user.clear(cell(d, 'Size', 2));
    await user.click(d.getByRole('button', { name: 'Create' }));
    expect(d.getByText('Each size needs a name')).toBeInTheDocument();
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([]);
  });
});

describe('admin products table: stock per size', () => {
  it('lists each size with its stock in order and flags the sizes sold out or running low', async () => {
    renderProducts();
    const [row, oneSize] = await screen.findAllByTestId('product-row');
    const sizes = within(within(row).getByRole('list', { name: 'Stock by size of Linen Wrap Dress' })).getAllByTestId('size-stock');
    expect(sizes.map((s) => s.textContent)).toEqual(['S 4', '·⚠ M 0 (sold out)', '·⚠ L 2 (low)']);
    expect(within(row).getByText('M 0', { exact: false })).toHaveClass('text-red-700');
    expect(within(row).getByText('L 2', { exact: false })).toHaveClass('text-amber-800');
    expect(within(row).getByText('S 4')).not.toHaveClass('text-red-700');
    // the product's stock is the sum
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByText('Low Stock')).toBeInTheDocument();
    expect(within(oneSize).queryByRole('list')).not.toBeInTheDocument();
  });

  it("flags a size running low as the server's runningLow says", async () => {
    const shirt = makeSizedProduct([makeVariant('S', 2, { runningLow: false }), makeVariant('M', 5, { runningLow: true })], { name: 'Cotton Shirt' });
    renderProducts([shirt, scarf]);
    const [row] = await screen.findAllByTestId('product-row');
    expect(within(row).getAllByTestId('size-stock').map((s) => s.textContent)).toEqual(['S 2', '·⚠ M 5 (low)']);
  });

  it('names the colour with the size, and is axe-clean', async () => {
    const shirt = makeSizedProduct([makeVariant('M', 12, { colour: 'Black' }), makeVariant('M', 3, { colour: 'White' })], { name: 'Cotton Shirt' });
    renderProducts([shirt, scarf]);
    const [row] = await screen.findAllByTestId('product-row');
    await waitFor(() => expect(within(row).getAllByTestId('size-stock').map((s) => s.textContent)).toEqual(['M/Black 12', '·⚠ M/White 3 (low)']));
    expect(await axeViolations()).toEqual([]);
  });
});
