-- Orders keep their status history, when they were delivered and what was refunded, for
-- returns (issue 16; the rules are domain/src/returns.rs).

-- When an order was delivered (the 30 days to return it run from then), and what went back
-- to the shopper. An order paid and partly refunded keeps payment_status 'paid' with
-- refunded_cents above 0: the API shows it as 'partiallyRefunded'.
ALTER TABLE orders ADD COLUMN delivered_at TIMESTAMP;
ALTER TABLE orders ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
UPDATE orders SET refunded_cents = total_cents WHERE payment_status = 'refunded';

-- Every status an order took, when and by whom (null: the shop itself).
CREATE TABLE order_status_history (
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'canceled')),
    at TIMESTAMP NOT NULL,
    by_id TEXT,
    by_name TEXT,
    PRIMARY KEY (order_id, seq)
);
-- Earlier orders: placed by their customer; their status now is dated from their placing,
-- as no change was recorded (so a delivered one may be returned for 30 days from then).
INSERT INTO order_status_history (order_id, seq, status, at, by_id, by_name)
    SELECT id, 1, 'pending', created_at, user_id, customer_name FROM orders;
INSERT INTO order_status_history (order_id, seq, status, at, by_id, by_name)
    SELECT id, 2, status, created_at, NULL, NULL FROM orders WHERE status <> 'pending';
UPDATE orders SET delivered_at = created_at WHERE status = 'delivered';
