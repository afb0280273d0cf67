import { useState, type ImgHTMLAttributes } from 'react';
import { imageUrl, PLACEHOLDER_IMAGE, srcSetFor, type ResponsiveSources } from '@/lib/product';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  path: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  /**
   * Responsive sources: a small and a large version with their pixel widths, and the
   * `sizes` rule. Dropped when the image fails (the placeholder has one size).
   */
  responsive?: ResponsiveSources;
}

/** A product image with explicit size, lazy loading and the placeholder when missing or broken. */
export function ProductImage({ path, alt, width, height, eager, responsive, className = '', ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const src = failed ? PLACEHOLDER_IMAGE : imageUrl(path);
  const srcSet = failed ? undefined : srcSetFor(path, responsive);
  return (
    <img
      {...rest}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? responsive?.sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? undefined : 'async'}
      className={`bg-stone-100 object-cover ${className}`}
      onError={() => {
        if (!failed) setFailed(true);
      }}
    />
  );
}
