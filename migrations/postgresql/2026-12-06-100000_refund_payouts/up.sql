-- A return's refund paid out by hand (issue 43: an order paid in cash to its rider has no
-- provider to refund it): how the admin paid it, `cash` or a wallet's method id.
ALTER TABLE returns ADD COLUMN refund_paid_with TEXT
    CHECK (refund_paid_with IN ('cash', 'evc-plus', 'zaad', 'sahal', 'edahab'));
