ALTER TABLE payment_attempts DROP COLUMN order_number;
DROP INDEX orders_number;
ALTER TABLE orders DROP COLUMN number;
