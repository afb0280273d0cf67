/** Public shop settings (support contacts, shipping fee, sandbox payments) and the admin update. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { settingsKeys } from '@/lib/query-keys';
import type { Settings, SettingsInput } from '@/lib/types';

export { settingsKeys };

export const getSettings = (signal?: AbortSignal) => api.get<Settings>('/settings', { signal });
export const updateSettings = (input: SettingsInput) => api.put<Settings>('/settings', input);

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.detail(),
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 10 * 60_000,
  });

export const useSettings = () => useQuery(settingsQuery());

export function useUpdateSettings(options: MutationOptions<Settings, SettingsInput> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onError: options.onError,
    onSuccess: async (data, input) => {
      await qc.invalidateQueries({ queryKey: settingsKeys.all });
      options.onSuccess?.(data, input);
    },
  });
}
