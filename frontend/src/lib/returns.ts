/**
 * Returns as the screens name them: their statuses, the longest reason, and who set a status.
 * Whether an order may be returned, what is left of it and a return's next steps are the
 * server's answers (`returnable`, `nextSteps`).
 */
import { everyMember } from './enums';
import type { ReturnStatus, StatusChange } from './types';

export const RETURN_STATUSES = everyMember<ReturnStatus>()(['requested', 'approved', 'rejected', 'received', 'refunded']);

/** The longest reason the server takes. */
export const RETURN_REASON_MAX = 1000;

/**
 * Who set a status, as the back office shows it: the admin's name; without one, the customer
 * for the first status (placing the order, asking for the return), else the shop itself.
 */
export function changedBy(change: Pick<StatusChange, 'by'>, index: number): string {
  if (change.by) return change.by.name;
  return index === 0 ? 'Customer' : 'System';
}
