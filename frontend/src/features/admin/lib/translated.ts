/**
 * Names that module constants hold (a status's label, a filter's choices) in the language shown:
 * each is written once with `msg` and read as a plain string, translated when it is read (during
 * a render, so a switch of language draws it again), never when the module loads.
 */
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n';
import type { FilterOption } from './list';

/** A map of names whose every property reads its message in the language shown: `ROLE_NAMES.admin` is 'Admin' or 'Maamule'. */
export function translated<K extends string>(names: Record<K, MessageDescriptor>): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(names) as K[]) {
    Object.defineProperty(out, key, { enumerable: true, get: () => i18n._(names[key]) });
  }
  return out;
}

/** A filter's or a select's choice whose label is read in the language shown. */
export const choice = <V extends string>(value: V, label: MessageDescriptor | (() => string)): FilterOption<V> => ({
  value,
  get label() {
    return typeof label === 'function' ? label() : i18n._(label);
  },
});
