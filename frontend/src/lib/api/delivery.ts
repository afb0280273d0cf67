/**
 * The places the shop delivers to (GET /api/delivery/zones, public): each city with its
 * districts, their fees and delivery times, served or switched off. A shop without zones
 * answers `[]`: its checkout keeps the typed city and district and the flat shipping fee.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryKeys } from '@/lib/query-keys';
import type { DeliveryCity } from '@/lib/types';

export { deliveryKeys };

export const getDeliveryZones = (signal?: AbortSignal) => api.get<DeliveryCity[]>('/delivery/zones', { signal });

export const deliveryZonesQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.zones(),
    queryFn: ({ signal }) => getDeliveryZones(signal),
    // The places change when the shop's admin changes them, not while a shopper pays.
    staleTime: 10 * 60_000,
  });

export const useDeliveryZones = () => useQuery(deliveryZonesQuery());
