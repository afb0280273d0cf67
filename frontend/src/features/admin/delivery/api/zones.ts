/**
 * The back office's delivery zones (GET/POST /api/admin/delivery/zones, PUT …/{id};
 * `settings.manage`): the whole list (as many as the places the shop delivers to, so never
 * paged), adding one and changing one (PUT sends every field; `served: false` switches a zone
 * off: zones are never deleted). A change also refreshes the places the checkout offers.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { deliveryKeys } from '@/lib/query-keys';
import type { DeliveryZone, DeliveryZoneInput } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

const ZONES_PATH = '/admin/delivery/zones';
const zonePath = (id: string) => `${ZONES_PATH}/${encodeURIComponent(id)}`;

export const getAdminZones = (signal?: AbortSignal) => api.get<DeliveryZone[]>(ZONES_PATH, { signal });
export const createZone = (input: DeliveryZoneInput) => api.post<DeliveryZone>(ZONES_PATH, input);
export const updateZone = ({ id, input }: { id: string; input: DeliveryZoneInput }) => api.put<DeliveryZone>(zonePath(id), input);

export const adminZonesQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.admin(),
    queryFn: ({ signal }) => getAdminZones(signal),
  });

/** Every zone, by city and district as the server orders them. */
export function useAdminZones() {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...adminZonesQuery(), enabled: signedIn });
}

/** The places shoppers are offered changed with the zones: asked for again when next needed. */
const refreshShopperZones = (qc: QueryClient) => qc.invalidateQueries({ queryKey: deliveryKeys.zones() });

/** A new zone takes its place in the server's order: the list is fetched again. */
export function useCreateZone(options: MutationOptions<DeliveryZone, DeliveryZoneInput> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createZone,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      void refreshShopperZones(qc);
      await qc.invalidateQueries({ queryKey: deliveryKeys.admin() });
      options.onSuccess?.(data, vars);
    },
  });
}

/**
 * The changed zone, as the server answered it, takes its row's place; the list is fetched
 * again only when its city or district changed (its place in the order may have).
 */
export function useUpdateZone(options: MutationOptions<DeliveryZone, { id: string; input: DeliveryZoneInput }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateZone,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      void refreshShopperZones(qc);
      const before = qc.getQueryData<DeliveryZone[]>(deliveryKeys.admin())?.find((z) => z._id === data._id);
      qc.setQueryData<DeliveryZone[]>(deliveryKeys.admin(), (zones) => zones?.map((z) => (z._id === data._id ? data : z)));
      if (!before || before.city !== data.city || before.district !== data.district) {
        await qc.invalidateQueries({ queryKey: deliveryKeys.admin() });
      }
      options.onSuccess?.(data, vars);
    },
  });
}
