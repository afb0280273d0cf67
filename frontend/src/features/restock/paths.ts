/** A product's page with a size chosen (`?variant=`), where a request links and signing in returns. */
export function productPagePath(productId: string, variantId: string | null): string {
  const page = `/product/${encodeURIComponent(productId)}`;
  return variantId ? `${page}?variant=${encodeURIComponent(variantId)}` : page;
}
