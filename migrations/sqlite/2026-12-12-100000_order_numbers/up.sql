-- The number people know an order by: 1001, 1002, ... in the order the orders were placed.
-- A new order takes the next one in its own (immediate, so single-writer) transaction.
ALTER TABLE orders ADD COLUMN number BIGINT NOT NULL DEFAULT 0;
UPDATE orders SET number = numbered.number
FROM (SELECT id, 1000 + ROW_NUMBER() OVER (ORDER BY created_at, id) AS number FROM orders) AS numbered
WHERE orders.id = numbered.id;
CREATE UNIQUE INDEX orders_number ON orders (number);

-- A payment attempt names its order by number in the back office's lists and CSV; the number
-- never changes, so the attempt keeps it beside the order's id.
ALTER TABLE payment_attempts ADD COLUMN order_number BIGINT NOT NULL DEFAULT 0;
UPDATE payment_attempts SET order_number = (SELECT number FROM orders WHERE orders.id = payment_attempts.order_id);
