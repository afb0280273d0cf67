/**
 * The products a phone order's lines are picked from: the shop's own search (GET
 * /api/products/search, best match first, one page at a time), each product with its sizes and
 * their stock. Not the back office's product list (GET /api/admin/products): that needs
 * `products.manage`, which an order handler taking the call does not have.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { searchPagesQuery } from '@/lib/api/products';

/** The products matching `q`, best first; nothing is asked while it is blank. */
export const useProductSearch = (q: string) => useInfiniteQuery({ ...searchPagesQuery(q, 'relevance'), enabled: q !== '' });
