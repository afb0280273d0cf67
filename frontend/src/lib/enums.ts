/**
 * Lists of the server's enums (its OpenAPI document's `…Name` schemas, named in ./types.ts) that
 * must name every member: a value the server adds then fails tsc where it is to be listed
 * (`missing: …`), instead of silently lacking from a filter, a select or a chart.
 */
import type { OrderStatus } from './types';

/**
 * `list` as it is (its members in the order shown), when it names every member of `T`: as
 * `satisfies readonly T[]`, and none left out.
 */
export const everyMember =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })): L =>
    list;

/** An order's statuses, in the order an order goes through them. */
export const ORDER_STATUSES = everyMember<OrderStatus>()(['pending', 'shipped', 'delivered', 'canceled']);
