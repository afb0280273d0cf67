DROP INDEX orders_unconfirmed_created_at;
ALTER TABLE orders DROP COLUMN refund_claimed_at;
ALTER TABLE orders DROP COLUMN hold_expired_at;
