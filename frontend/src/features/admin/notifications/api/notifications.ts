/**
 * Sending a message again (docs/api.md "Notifications"). The paged list itself is defined in
 * ../list.ts.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { putRowInPages } from '@/lib/list-cache';
import { notificationKeys } from '@/lib/query-keys';
import type { AdminNotification } from '@/lib/types';

/**
 * Queues the message to be sent again: answers it as pending with no attempts; 409 with a
 * message when it cannot be (a password reset code that is no longer valid).
 */
export const resendNotification = (id: string) =>
  api.post<AdminNotification>(`/admin/notifications/${encodeURIComponent(id)}/resend`);

/** The queued message, as the server answered it, takes its row's place at once; the list is then fetched again. */
export function useResendNotification(options: MutationOptions<AdminNotification, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendNotification,
    onError: options.onError,
    onSuccess: async (row, id) => {
      await putRowInPages(qc, notificationKeys.admin, row);
      await qc.invalidateQueries({ queryKey: notificationKeys.admin.pages() });
      options.onSuccess?.(row, id);
    },
  });
}
