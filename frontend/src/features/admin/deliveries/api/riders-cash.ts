/**
 * The riders' cash (permission `cash.receive`, admin): what each rider collected in cash on a
 * day (GET /api/admin/riders/cash?date=YYYY-MM-DD, East Africa days) and marking it handed in
 * (POST /api/admin/riders/{id}/cash/{date}/received, audited): the answered entry takes its
 * row's place.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { deliveryKeys } from '@/lib/query-keys';
import type { RiderCash } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { isDay } from '../../lib/days';

export const getRidersCash = (date: string, signal?: AbortSignal) => api.get<RiderCash[]>('/admin/riders/cash', { params: { date }, signal });
export const markCashReceived = ({ riderId, date }: { riderId: string; date: string }) =>
  api.post<RiderCash>(`/admin/riders/${encodeURIComponent(riderId)}/cash/${encodeURIComponent(date)}/received`);

export function useRidersCash(date: string) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({
    queryKey: deliveryKeys.cash(date),
    queryFn: ({ signal }) => getRidersCash(date, signal),
    enabled: signedIn && isDay(date),
  });
}

export function useMarkCashReceived(options: MutationOptions<RiderCash, { riderId: string; date: string }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markCashReceived,
    onError: options.onError,
    onSuccess: (data, vars) => {
      qc.setQueryData<RiderCash[]>(deliveryKeys.cash(vars.date), (rows) => rows?.map((r) => (r.riderId === data.riderId ? data : r)));
      options.onSuccess?.(data, vars);
    },
  });
}
