/** The product form's pictures per colour: upload, move and remove, each sent at once, and the server's refusals. */
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { productKeys } from '@/lib/query-keys';
import type { Product } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeSizedProduct, makeVariant } from '@/testing/data';
import { server } from '@/testing/server';
import userEvent from '@testing-library/user-event';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { HttpResponse, recordJson, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../products/components/ProductsPage');
});

const BLACK = ['/uploads/black-1.webp', '/uploads/black-2.webp', '/uploads/black-3.webp'];
const variants = [
  makeVariant('S', 3, { colour: 'Black' }),
  makeVariant('M', 2, { colour: 'Black' }),
  makeVariant('M', 4, { colour: 'Off White' }),
  makeVariant('L', 1, { colour: 'Black' }),
];
const shirt = makeSizedProduct(variants, {
  _id: 'p-shirt',
  name: 'Cotton Shirt',
  image: BLACK[0],
  thumbnail: '/uploads/black-1-thumb.webp',
  gallery: ['/uploads/shirt.webp'],
  colourImages: { Black: BLACK },
});
/** The shirt as the server answers a change: `colourImages` and the cover that follows from them. */
const shirtWith = (colourImages: Record<string, string[]>): Product => {
  const cover = Object.values(colourImages)[0]?.[0] ?? '/uploads/shirt.webp';
  return { ...shirt, colourImages, image: cover, thumbnail: cover.replace('.webp', '-thumb.webp') };
};

const PICTURES = '/api/products/p-shirt/colours/:colour/images';

async function openEdit(product: Product = shirt) {
  serveList<Product>('/api/admin/products', () => ({ rows: [product] }));
  const utils = renderAdmin('/admin/products');
  await utils.user.click(await screen.findByRole('button', { name: `Edit ${product.name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
  return { ...utils, d: within(dialog) };
}

type D = Awaited<ReturnType<typeof openEdit>>['d'];
const colourSet = (d: D, colour: string) => within(d.getByRole('group', { name: colour }));
const pictureSources = (d: D, colour: string) =>
  colourSet(d, colour)
    .queryAllByTestId('colour-picture')
    .map((li) => within(li).getByRole('img').getAttribute('src'));

describe('admin product form: pictures per colour', () => {
  it("lists each colour of the saved sizes once with its pictures, and says a colour without any shows the product's own", async () => {
    const { d } = await openEdit();
    const section = within(d.getByRole('region', { name: 'Pictures per colour' }));
    expect(section.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(['Black', 'Off White']);
    expect(pictureSources(d, 'Black')).toEqual(BLACK);
    expect(colourSet(d, 'Black').getByRole('img', { name: 'Black, picture 2' })).toBeInTheDocument();
    expect(colourSet(d, 'Black').getByRole('button', { name: 'Move picture 1 of Black left' })).toBeDisabled();
    expect(colourSet(d, 'Black').getByRole('button', { name: 'Move picture 3 of Black right' })).toBeDisabled();
    expect(colourSet(d, 'Off White').getByText("No pictures yet: the product's own are shown for this colour.")).toBeInTheDocument();
    expect(colourSet(d, 'Off White').getByLabelText('Add a picture of Off White')).toHaveAttribute('accept', 'image/*');
  });

  it("previews the product's own picture under Image, not the colour picture that is its cover", async () => {
    const { d, unmount } = await openEdit();
    expect(d.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', '/uploads/shirt.webp');
    unmount();
    const { d: withoutOwn } = await openEdit({ ...shirt, _id: 'p-shirt-2', name: 'Linen Shirt', gallery: [] });
    expect(withoutOwn.queryByRole('img', { name: 'Image preview' })).not.toBeInTheDocument();
  });

  it('uploads a picture as multipart (the colour encoded in the path), shows the reply and refreshes the product queries', async () => {
    const added = shirtWith({ Black: BLACK, 'Off White': ['/uploads/white-1.webp'] });
    const posts: { path: string; contentType: string | null; token: string | null; image: FormDataEntryValue | null }[] = [];
    server.use(
      http.post(PICTURES, async ({ request }) => {
        const { pathname: path } = new URL(request.url);
        const [contentType, token] = [request.headers.get('content-type'), request.headers.get('authorization')];
        posts.push({ path, contentType, token, image: (await request.formData()).get('image') });
        return HttpResponse.json(added);
      }),
    );
    const { user, d, queryClient } = await openEdit();
    await queryClient.prefetchQuery({ queryKey: productKeys.list(), queryFn: () => [] });
    const input = colourSet(d, 'Off White').getByLabelText('Add a picture of Off White');
    await user.upload(input, new File(['img'], 'white.png', { type: 'image/png' }));

    await findToast('Picture added to Off White');
    expect(posts).toEqual([
      {
        path: '/api/products/p-shirt/colours/Off%20White/images',
        contentType: expect.stringContaining('multipart/form-data'),
        token: 'Bearer test-token',
        image: expect.objectContaining({ type: 'image/png' }),
      },
    ]);
    await waitFor(() => expect(pictureSources(d, 'Off White')).toEqual(['/uploads/white-1.webp']));
    expect(input).toHaveFocus();
    expect(queryClient.getQueryData(productKeys.detail('p-shirt'))).toEqual(added);
    expect(queryClient.getQueryState(productKeys.list())?.isInvalidated).toBe(true);
  });

  it('moves a picture with a PUT of the new order, the focus following it', async () => {
    const puts = recordJson('put', PICTURES, (body) => HttpResponse.json(shirtWith({ Black: (body as { images: string[] }).images })));
    const { user, d } = await openEdit();
    await user.click(colourSet(d, 'Black').getByRole('button', { name: 'Move picture 1 of Black right' }));
    await waitFor(() => expect(pictureSources(d, 'Black')).toEqual([BLACK[1], BLACK[0], BLACK[2]]));
    expect(puts.map((p) => p.body)).toEqual([{ images: [BLACK[1], BLACK[0], BLACK[2]] }]);
    expect(puts[0].contentType).toContain('application/json');
    await waitFor(() => expect(colourSet(d, 'Black').getByRole('button', { name: 'Move picture 2 of Black right' })).toHaveFocus());

    // at the end its 'right' is disabled: the focus goes to its 'left'
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pictureSources(d, 'Black')).toEqual([BLACK[1], BLACK[2], BLACK[0]]));
    await waitFor(() => expect(colourSet(d, 'Black').getByRole('button', { name: 'Move picture 3 of Black left' })).toHaveFocus());
    await user.click(colourSet(d, 'Black').getByRole('button', { name: 'Move picture 2 of Black left' }));
    await waitFor(() => expect(pictureSources(d, 'Black')).toEqual([BLACK[2], BLACK[1], BLACK[0]]));
    expect(puts.map((p) => p.body)).toEqual([
      { images: [BLACK[1], BLACK[0], BLACK[2]] },
      { images: [BLACK[1], BLACK[2], BLACK[0]] },
      { images: [BLACK[2], BLACK[1], BLACK[0]] },
    ]);
  });

  it('removes a picture by its place with a DELETE, the focus on the next one', async () => {
    const deletes: string[] = [];
    server.use(
      http.delete(`${PICTURES}/:index`, ({ request }) => {
        deletes.push(new URL(request.url).pathname);
        return HttpResponse.json(shirtWith({ Black: [BLACK[0], BLACK[2]] }));
      }),
    );
    const { user, d } = await openEdit();
    await user.click(colourSet(d, 'Black').getByRole('button', { name: 'Remove picture 2 of Black' }));
    await findToast('Picture removed from Black');
    expect(deletes).toEqual(['/api/products/p-shirt/colours/Black/images/1']);
    expect(pictureSources(d, 'Black')).toEqual([BLACK[0], BLACK[2]]);
    await waitFor(() => expect(colourSet(d, 'Black').getByRole('button', { name: 'Remove picture 2 of Black' })).toHaveFocus());
  });

  it("shows the server's refusals: an upload's under the file, an order's under the pictures, any other as a toast", async () => {
    server.use(
      http.post(PICTURES, () =>
        HttpResponse.json({ message: 'Invalid picture', errors: { image: 'A colour holds at most 8 pictures: remove one first' } }, { status: 400 }),
      ),
      http.put(PICTURES, () =>
        HttpResponse.json({ message: 'Invalid order', errors: { images: "List each of this colour's pictures once, in their new order" } }, { status: 400 }),
      ),
      http.delete(`${PICTURES}/:index`, () => HttpResponse.json({ message: 'This colour has no such picture' }, { status: 404 })),
    );
    const { user, d } = await openEdit();
    const black = colourSet(d, 'Black');
    await user.upload(black.getByLabelText('Add a picture of Black'), new File(['img'], 'ninth.png', { type: 'image/png' }));
    await findToast('Invalid picture');
    expect(await black.findByRole('alert')).toHaveTextContent('A colour holds at most 8 pictures: remove one first');
    expect(black.getByLabelText('Add a picture of Black')).toHaveAccessibleDescription(
      expect.stringContaining('A colour holds at most 8 pictures: remove one first'),
    );
    await waitFor(() => expect(black.getByLabelText('Add a picture of Black')).toHaveFocus());

    await user.click(black.getByRole('button', { name: 'Move picture 2 of Black left' }));
    await findToast('Invalid order');
    expect(await black.findByText("List each of this colour's pictures once, in their new order")).toBeInTheDocument();
    expect(black.queryByText('A colour holds at most 8 pictures: remove one first')).not.toBeInTheDocument();

    await user.click(black.getByRole('button', { name: 'Remove picture 1 of Black' }));
    await findToast('This colour has no such picture');
    expect(pictureSources(d, 'Black')).toEqual(BLACK);
  });

  it('refuses a file that is not a picture, or over 5 MB, before sending it', async () => {
    const posts = recordJson('post', PICTURES, () => HttpResponse.json(shirt));
    const { user, d } = await openEdit();
    const black = colourSet(d, 'Black');
    const input = black.getByLabelText('Add a picture of Black');
    // As from a file picker set to 'All files' (user.upload leaves out what the input does not accept, by default).
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['a,b'], 'sheet.csv', { type: 'text/csv' }));
    expect(black.getByText('Please choose an image file')).toBeInTheDocument();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(input, huge);
    expect(black.getByText('Images may be at most 5 MB')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('asks for colours first: a product whose sizes have none, and a new product, say how pictures per colour are added', async () => {
    const plain = makeSizedProduct([makeVariant('S', 2), makeVariant('M', 2)], { _id: 'p-plain', name: 'Plain Tee' });
    const { user, d } = await openEdit(plain);
    expect(d.getByText('Give the sizes a colour and update the product to add pictures per colour.')).toBeInTheDocument();
    expect(d.queryByLabelText(/^Add a picture of/)).not.toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add New Product' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add New Product' }));
    expect(add.getByRole('region', { name: 'Pictures per colour' })).toHaveTextContent(
      'Pictures per colour are added after saving the product with its colours.',
    );
    expect(add.queryByLabelText(/^Add a picture of/)).not.toBeInTheDocument();
  });

  it('is axe-clean with pictures, a colour without any and a refusal shown', async () => {
    server.use(
      http.post(PICTURES, () => HttpResponse.json({ errors: { image: 'Only image files are allowed' } }, { status: 400 })),
    );
    const { user, d } = await openEdit();
    await user.upload(colourSet(d, 'Off White').getByLabelText('Add a picture of Off White'), new File(['img'], 'x.png', { type: 'image/png' }));
    await findToast('Failed to add the picture');
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([]);
  });
});
