/**
 * The product form's pictures per colour: each colour of the product's saved sizes with its own
 * pictures, shown on the product page when a shopper chooses that colour. Each change is saved
 * at once (it needs no Update); a new product gets them once it is saved with its colours.
 */
import { useId, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { field } from '@/components/ui/styles';
import type { Product } from '@/lib/types';
import { variantsOf } from '@/lib/variants';
import { ColourPictureSet } from './ColourPictureSet';

/** The colours of the product's saved sizes, each once, in the sizes' order. */
const savedColours = (product: Product): string[] => [...new Set(variantsOf(product).flatMap((v) => (v.colour ? [v.colour] : [])))];

/** The saved product's colours, each with its pictures; the product as the last change answered it. */
function ColourPictureSets({ product: saved }: { product: Product }) {
  const [product, setProduct] = useState(saved);
  const colours = savedColours(product);
  if (colours.length === 0) {
    return (
      <p className="text-sm text-stone-600">
        <Trans>Give the sizes a colour and update the product to add pictures per colour.</Trans>
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {colours.map((colour) => (
        <ColourPictureSet key={colour} product={product} colour={colour} onChanged={setProduct} />
      ))}
    </div>
  );
}

export function ColourPictures({ product }: { product: Product | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="sm:col-span-2">
      <h3 id={headingId} className={field.label}>
        <Trans>Pictures per colour</Trans>
      </h3>
      {product ? (
        <>
          <p className="mb-3 text-sm text-stone-600">
            <Trans>Shown on the product page when a shopper chooses the colour. Each change is saved at once.</Trans>
          </p>
          <ColourPictureSets product={product} />
        </>
      ) : (
        <p className="text-sm text-stone-600">
          <Trans>Pictures per colour are added after saving the product with its colours.</Trans>
        </p>
      )}
    </section>
  );
}
