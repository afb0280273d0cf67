/**
 * The places an order may be sent to, from the shop's delivery zones (GET /api/delivery/zones):
 * the served cities, each delivered as a whole or by its served districts; switched-off places
 * are not offered. The checkout and the back office's new order choose from them; the fees are
 * the server's (the checkout asks for the cart priced for the place chosen, a phone order's
 * reply carries its totals).
 */
import type { DeliveryCity, DeliveryPlace } from './types';

/** A city offered: `districts` are its served districts, null for a city delivered as a whole. */
export interface OfferedCity {
  name: string;
  districts: string[] | null;
}

/** The served cities, in the server's order; a city with nothing served is left out. */
export function offeredCities(zones: readonly DeliveryCity[]): OfferedCity[] {
  return zones.flatMap(({ city, districts }) => {
    const served = districts.filter((d) => d.served);
    if (served.length === 0) return [];
    const names = served.flatMap((d) => (d.name === null ? [] : [d.name]));
    return [{ name: city, districts: names.length === served.length ? names : null }];
  });
}

/**
 * The place chosen, as the cart is priced for it and the address sends it: a city delivered as
 * a whole with district ''; null until a city (and, for a city by district, one of its districts) is chosen.
 */
export function placeOf(cities: readonly OfferedCity[], city: string, district: string): DeliveryPlace | null {
  const offered = cities.find((c) => c.name === city);
  if (!offered) return null;
  if (offered.districts === null) return { city: offered.name, district: '' };
  return offered.districts.includes(district) ? { city: offered.name, district } : null;
}
