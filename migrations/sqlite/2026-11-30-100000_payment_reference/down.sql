ALTER TABLE orders DROP COLUMN payment_reference;
