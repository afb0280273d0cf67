import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { DiscountBadge } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { galleryImageSources } from '@/lib/product';
import type { Product } from '@/lib/types';
import { picturesFor } from '../product-pictures';

/**
 * The pictures of the colour chosen (else the product's own): the one shown, and a thumbnail of
 * each to show it when there are several. Another colour shows its first picture.
 */
export function ProductGallery({ product, colour }: { product: Product; colour: string | null }) {
  const images = picturesFor(product, colour);
  const { t } = useLingui();
  // The picture shown, by its place among the colour's; a colour's first until one is picked.
  const [shown, setShown] = useState({ colour, index: 0 });
  const active = shown.colour === colour && shown.index < images.length ? shown.index : 0;
  const setActive = (index: number) => setShown({ colour, index });
  const current = images[active] ?? null;
  return (
    <div>
      <div className="relative overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200">
        <ProductImage
          path={current}
          alt={product.name}
          width={800}
          height={1000}
          eager
          responsive={
            active === 0 && current === product.image
              ? galleryImageSources(product)
              : undefined
          }
          className="aspect-[4/5] w-full"
        />
        <DiscountBadge discount={product.discount} className="absolute left-3 top-3 text-sm" />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={t`Product images`}>
          {images.map((img, i) => (
            <li key={img}>
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={t`Show image ${{ number: i + 1 }}`}
                aria-current={i === active}
                className={`block overflow-hidden rounded-lg ring-2 ${i === active ? 'ring-brand-600' : 'ring-transparent'}`}
              >
                <ProductImage path={img} alt="" width={80} height={100} eager={i === 0} className="h-24 w-20" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
