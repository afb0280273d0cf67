ALTER TABLE returns DROP COLUMN refund_unconfirmed_at;
ALTER TABLE orders DROP COLUMN refund_unconfirmed_at;
