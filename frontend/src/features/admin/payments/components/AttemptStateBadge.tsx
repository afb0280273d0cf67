/** A payment attempt's state as a badge: its label in the language shown, in its colour. */
import { useLanguage } from '@/i18n';
import type { PaymentAttemptState } from '@/lib/types';
import { Badge, tone } from '../../lib/table';
import { attemptStateLabel } from '../list';

/** Green approved, yellow awaiting, grey declined, red failed or a refund that failed, orange and amber what an admin must look at, blue late money paid back. */
const STATE_TONES: Readonly<Record<PaymentAttemptState, string>> = {
  awaiting: tone.yellow,
  approved: tone.green,
  declined: tone.grey,
  failed: tone.red,
  late: tone.orange,
  mismatched: tone.amber,
  refunded: tone.blue,
  refundFailed: tone.red,
};

export function AttemptStateBadge({ state }: { state: PaymentAttemptState }) {
  // The label is read in the language shown: drawn again when it changes.
  useLanguage();
  return (
    <Badge colour={STATE_TONES[state] ?? tone.grey} testId="attempt-state">
      {attemptStateLabel(state)}
    </Badge>
  );
}
