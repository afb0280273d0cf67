import { useState, type ImgHTMLAttributes } from 'react';
import { imageUrl, PLACEHOLDER_IMAGE } from '@/lib/product';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  path: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
}

/** A product image with explicit size, lazy loading and the placeholder when missing or broken. */
export function ProductImage({ path, alt, width, height, eager, className = '', ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const src = failed ? PLACEHOLDER_IMAGE : imageUrl(path);
  return (
    <img
      {...rest}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={`bg-stone-100 object-cover ${className}`}
      onError={() => {
        if (!failed) setFailed(true);
      }}
    />
  );
}
