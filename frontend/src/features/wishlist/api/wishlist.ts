/** Wishlist calls, keys and hooks. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestWithStatus } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { wishlistKeys } from '@/lib/query-keys';
import type { MessageReply, Wishlist } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { wishlistKeys };

function normalize(w: Wishlist | null | undefined): Wishlist {
  if (!w || !Array.isArray(w.products)) return { products: [] };
  return { products: w.products.filter((l) => l && l.productId && l.productId._id) };
}

export const getWishlist = async (signal?: AbortSignal) => normalize(await api.get<Wishlist>('/wishlist', { signal }));
/** What adding to the wishlist answered: 201 added, 200 already there (its message is in the shopper's language). */
export interface WishlistAddReply {
  message?: string;
  alreadyInWishlist: boolean;
}

export const addToWishlist = async (productId: string): Promise<WishlistAddReply> => {
  const reply = await requestWithStatus<MessageReply | null>('/wishlist/add', { method: 'POST', body: { productId } });
  return { ...reply.data, alreadyInWishlist: reply.status === 200 };
};
export const removeFromWishlist = (productId: string) =>
  api.delete<MessageReply>(`/wishlist/remove/${encodeURIComponent(productId)}`);

export const wishlistQuery = () =>
  queryOptions({ queryKey: wishlistKeys.detail(), queryFn: ({ signal }) => getWishlist(signal) });

export function useWishlist() {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...wishlistQuery(), enabled: signedIn });
}

export function useAddToWishlist(options: MutationOptions<WishlistAddReply, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onError: options.onError,
    onSuccess: async (data, id) => {
      await qc.invalidateQueries({ queryKey: wishlistKeys.all });
      options.onSuccess?.(data, id);
    },
  });
}

export function useRemoveFromWishlist(options: MutationOptions<MessageReply, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onError: options.onError,
    onSuccess: (data, id) => {
      qc.setQueryData<Wishlist>(wishlistKeys.detail(), (old) =>
        old ? { products: old.products.filter((l) => l.productId._id !== id) } : old,
      );
      void qc.invalidateQueries({ queryKey: wishlistKeys.all, refetchType: 'none' });
      options.onSuccess?.(data, id);
    },
  });
}
