/**
 * A delivery zone in the back office: the add/edit form's state and payload (how a zone reads,
 * its place and delivery time, is lib/names.ts'). The rules are the server's
 * (domain/src/delivery/zone.rs): it answers bad input with a message per field (`city`,
 * `district`, `fee`, `etaDays`).
 */
import type { DeliveryZone, DeliveryZoneInput } from '@/lib/types';
import { parseNumber } from '@/lib/validation';

export type ZoneField = 'city' | 'district' | 'fee' | 'etaMin' | 'etaMax';
/** The fields the server names in its messages; the days' message (`etaDays`) is shown under the slowest. */
export const ZONE_FIELDS: readonly ZoneField[] = ['city', 'district', 'fee', 'etaMax'];
export const ZONE_FIELDS_SENT_AS: Partial<Record<ZoneField, string>> = { etaMax: 'etaDays' };

/** The form as typed: numbers as text, a blank district for a whole city. */
export type ZoneForm = Record<ZoneField, string> & { cashOnDelivery: boolean; served: boolean };

export const emptyZoneForm = (): ZoneForm => ({
  city: '',
  district: '',
  fee: '',
  etaMin: '',
  etaMax: '',
  cashOnDelivery: false,
  served: true,
});

export const zoneFormFrom = (z: DeliveryZone): ZoneForm => ({
  city: z.city,
  district: z.district ?? '',
  fee: String(z.fee),
  etaMin: String(z.etaDays.min),
  etaMax: String(z.etaDays.max),
  cashOnDelivery: z.cashOnDelivery,
  served: z.served,
});

/** A number field as sent: null when blank (the server then says what is missing). */
const numberOrNull = (text: string): number | null => {
  const n = parseNumber(text);
  return Number.isNaN(n) ? null : n;
};

/** Every field, as POST and PUT take them; a blank district is a whole city (null). */
export const toZoneInput = (form: ZoneForm): DeliveryZoneInput => ({
  city: form.city.trim(),
  district: form.district.trim() || null,
  fee: numberOrNull(form.fee),
  etaDays: { min: numberOrNull(form.etaMin), max: numberOrNull(form.etaMax) },
  cashOnDelivery: form.cashOnDelivery,
  served: form.served,
});

/** The zone as it stands with `served` switched: what Switch off and Switch on send (PUT takes every field). */
export const switchedServed = ({ city, district, fee, etaDays, cashOnDelivery, served }: DeliveryZone): DeliveryZoneInput => ({
  city,
  district,
  fee,
  etaDays: { min: etaDays.min, max: etaDays.max },
  cashOnDelivery,
  served: !served,
});
