/**
 * Pictures per colour (docs/api.md, "Pictures per colour"): each colour of a product's sizes
 * holds up to 8 pictures, added one at a time (multipart, the file as `image`), put in a new
 * order, or removed by their place. Every call answers the whole product, which replaces the
 * cached one: its `colourImages`, and its `image` and `thumbnail` when the cover changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { outside, putRowInPages } from '@/lib/list-cache';
import { productKeys } from '@/lib/query-keys';
import type { ColourOrderRequest, Product } from '@/lib/types';

/** The largest picture the server takes (5 MB): a larger one is refused before it is sent. */
export const PICTURE_LIMIT_BYTES = 5 * 1024 * 1024;
/** How many pictures one colour holds (the server refuses a ninth). */
export const PICTURES_PER_COLOUR = 8;

/** A colour as the product's sizes spell it (the server matches it without case). */
interface ColourRef {
  id: string;
  colour: string;
}

const picturesPath = ({ id, colour }: ColourRef) => `/products/${encodeURIComponent(id)}/colours/${encodeURIComponent(colour)}/images`;

/** Adds `file` as the colour's last picture. */
export function addColourPicture({ file, ...ref }: ColourRef & { file: File }) {
  const body = new FormData();
  body.set('image', file);
  return api.post<Product>(picturesPath(ref), body);
}

/** The colour's pictures in a new order: each of its current paths once. */
export const reorderColourPictures = ({ images, ...ref }: ColourRef & ColourOrderRequest) =>
  api.put<Product>(picturesPath(ref), { images } satisfies ColourOrderRequest);

/** Removes the colour's picture at `index` (from 0). */
export const removeColourPicture = ({ index, ...ref }: ColourRef & { index: number }) =>
  api.delete<Product>(`${picturesPath(ref)}/${index}`);

/**
 * A call that answers the product: the reply replaces it in its cache and in the admin's cached
 * pages (as an edit does); the shop's lists are fetched again (a card shows the cover). Then the
 * caller's `onSuccess`.
 */
function useProductPictureMutation<TVars>(mutationFn: (vars: TVars) => Promise<Product>, options: MutationOptions<Product, TVars>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onError: options.onError,
    onSuccess: async (product, vars) => {
      qc.setQueryData(productKeys.detail(product._id), product);
      await Promise.all([
        putRowInPages(qc, productKeys.admin, product),
        qc.invalidateQueries({ queryKey: productKeys.all, predicate: outside(productKeys.admin.pages()) }),
      ]);
      options.onSuccess?.(product, vars);
    },
  });
}

export const useAddColourPicture = (options: MutationOptions<Product, Parameters<typeof addColourPicture>[0]> = {}) =>
  useProductPictureMutation(addColourPicture, options);

export const useReorderColourPictures = (options: MutationOptions<Product, Parameters<typeof reorderColourPictures>[0]> = {}) =>
  useProductPictureMutation(reorderColourPictures, options);

export const useRemoveColourPicture = (options: MutationOptions<Product, Parameters<typeof removeColourPicture>[0]> = {}) =>
  useProductPictureMutation(removeColourPicture, options);
