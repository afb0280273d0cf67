/** Which of a product's pictures its page shows: the chosen colour's, else the product's own. */
import type { Product } from '@/lib/types';

/** The product's own pictures (`gallery`), else its one picture. */
function ownPictures(product: Pick<Product, 'gallery' | 'image'>): string[] {
  if (product.gallery?.length) return product.gallery;
  return product.image ? [product.image] : [];
}

/**
 * The pictures the gallery shows for `colour` (as the sizes spell it): that colour's pictures
 * (`colourImages`, as the server sends them), or the product's own when it has none. With no
 * colour chosen, the first colour's: the cover the cards show (`image`).
 */
export function picturesFor(product: Pick<Product, 'gallery' | 'image' | 'colourImages'>, colour: string | null): string[] {
  const byColour = product.colourImages ?? {};
  const pictures = colour === null ? Object.values(byColour)[0] : byColour[colour];
  // Each once: a thumbnail's key is its path.
  return [...new Set(pictures?.length ? pictures : ownPictures(product))];
}
