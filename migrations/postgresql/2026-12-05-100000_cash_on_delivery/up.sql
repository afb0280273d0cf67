-- Cash on delivery (issue 43): an order paid in cash to the rider charges nothing while it
-- waits, so it takes no part in "one charge at a time per shopper".
DROP INDEX orders_one_unconfirmed_payment_per_user;
CREATE UNIQUE INDEX orders_one_unconfirmed_payment_per_user ON orders (user_id)
    WHERE payment_status = 'pending' AND status <> 'canceled'
        AND payment_method <> 'cash-on-delivery';

-- A rider's cash of a day (East Africa Time), handed in and marked received by an admin:
-- what the rider had collected then, and who received it.
CREATE TABLE rider_cash_handins (
    rider_id TEXT NOT NULL,
    day TEXT NOT NULL,
    collected_cents BIGINT NOT NULL CHECK (collected_cents >= 0),
    received_at TIMESTAMP NOT NULL,
    received_by_id TEXT NOT NULL,
    received_by_name TEXT NOT NULL,
    PRIMARY KEY (rider_id, day)
);
-- The day's deliveries of each rider, for the cash they collected.
CREATE INDEX deliveries_delivered_at ON deliveries (delivered_at);
