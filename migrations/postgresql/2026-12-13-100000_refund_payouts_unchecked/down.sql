-- A payout to a wallet the old CHECK does not know is told as paid in cash.
UPDATE returns SET refund_paid_with = 'cash'
WHERE refund_paid_with NOT IN ('cash', 'evc-plus', 'zaad', 'sahal', 'edahab');
ALTER TABLE returns ADD CONSTRAINT returns_refund_paid_with_check
    CHECK (refund_paid_with IN ('cash', 'evc-plus', 'zaad', 'sahal', 'edahab'));
