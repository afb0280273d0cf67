/** Dashboard figures computed by the server (GET /api/admin/stats). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import type { Stats } from '@/lib/types';

export const getAdminStats = (signal?: AbortSignal) => api.get<Stats>('/admin/stats', { signal });

export const adminStatsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal) });

export const useAdminStats = () => useQuery(adminStatsQuery());
