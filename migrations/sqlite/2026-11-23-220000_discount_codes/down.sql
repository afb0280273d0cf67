ALTER TABLE orders DROP COLUMN discount_cents;
ALTER TABLE orders DROP COLUMN discount_code;
DROP TABLE cart_discounts;
DROP TABLE discount_uses;
DROP TABLE discounts;
