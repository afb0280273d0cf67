ALTER TABLE returns DROP COLUMN refund_paid_with;
