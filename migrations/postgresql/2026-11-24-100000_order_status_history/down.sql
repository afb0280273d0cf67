DROP TABLE order_status_history;
ALTER TABLE orders DROP COLUMN refunded_cents;
ALTER TABLE orders DROP COLUMN delivered_at;
