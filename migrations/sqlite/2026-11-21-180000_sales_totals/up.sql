-- The dashboard's running totals, kept in the transactions that place and change orders
-- (orders are never deleted), so the dashboard reads a few hundred rows however many orders
-- there are: orders and their totals per day (UTC) and status pair, and the units of orders
-- that were not canceled per product name.
CREATE TABLE order_day_totals (
    day TEXT NOT NULL,
    status TEXT NOT NULL,
    payment_status TEXT NOT NULL,
    orders BIGINT NOT NULL,
    total_cents BIGINT NOT NULL,
    PRIMARY KEY (day, status, payment_status)
);
CREATE TABLE product_units_sold (
    name TEXT PRIMARY KEY NOT NULL,
    units BIGINT NOT NULL
);
INSERT INTO order_day_totals (day, status, payment_status, orders, total_cents)
SELECT date(created_at), status, payment_status, COUNT(*), SUM(total_cents)
FROM orders GROUP BY 1, 2, 3;
INSERT INTO product_units_sold (name, units)
SELECT l.name, SUM(l.quantity)
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE o.status <> 'canceled' GROUP BY l.name;
