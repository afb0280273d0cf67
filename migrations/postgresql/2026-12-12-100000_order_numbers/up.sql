-- The number people know an order by: 1001, 1002, ... in the order the orders were placed.
-- A new order takes the sequence's next value in its own transaction, whichever instance
-- places it (a checkout that fails leaves its number unused).
ALTER TABLE orders ADD COLUMN number BIGINT;
UPDATE orders SET number = numbered.number
FROM (SELECT id, 1000 + ROW_NUMBER() OVER (ORDER BY created_at, id) AS number FROM orders) AS numbered
WHERE orders.id = numbered.id;
ALTER TABLE orders ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX orders_number ON orders (number);
CREATE SEQUENCE order_numbers MINVALUE 1001 START 1001;
SELECT setval('order_numbers', MAX(number)) FROM orders HAVING COUNT(*) > 0;

-- A payment attempt names its order by number in the back office's lists and CSV; the number
-- never changes, so the attempt keeps it beside the order's id.
ALTER TABLE payment_attempts ADD COLUMN order_number BIGINT;
UPDATE payment_attempts SET order_number = (SELECT number FROM orders WHERE orders.id = payment_attempts.order_id);
ALTER TABLE payment_attempts ALTER COLUMN order_number SET NOT NULL;
