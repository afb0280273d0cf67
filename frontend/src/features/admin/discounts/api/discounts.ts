/**
 * The back office's discount codes (docs/api.md "Discount codes"): make, change (PUT sends
 * every field) and delete one. The paged list itself is defined in ../list.ts.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { putRowInPages } from '@/lib/list-cache';
import { discountKeys } from '@/lib/query-keys';
import type { Discount, DiscountInput, MessageReply } from '@/lib/types';

const discountPath = (id: string) => `/admin/discounts/${encodeURIComponent(id)}`;

export const createDiscount = (input: DiscountInput) => api.post<Discount>('/admin/discounts', input);
export const updateDiscount = ({ id, input }: { id: string; input: DiscountInput }) =>
  api.put<Discount>(discountPath(id), input);
export const deleteDiscount = (id: string) => api.delete<MessageReply>(discountPath(id));

/** A new code is first in the list (newest first): the pages are fetched again. */
export function useCreateDiscount(options: MutationOptions<Discount, DiscountInput> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await qc.invalidateQueries({ queryKey: discountKeys.all });
      options.onSuccess?.(data, vars);
    },
  });
}

/** The changed code, as the server answered it, takes its row's place without a refetch. */
export function useUpdateDiscount(options: MutationOptions<Discount, { id: string; input: DiscountInput }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDiscount,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await putRowInPages(qc, discountKeys.admin, data);
      options.onSuccess?.(data, vars);
    },
  });
}

export function useDeleteDiscount(options: MutationOptions<MessageReply, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onError: options.onError,
    onSuccess: async (data, id) => {
      await qc.invalidateQueries({ queryKey: discountKeys.all });
      options.onSuccess?.(data, id);
    },
  });
}
