-- An order's way to the shopper (issue 43; the rules are domain/src/delivery/dispatch.rs):
-- the rider it went out with last (their name and phone as they were), where it stands,
-- the 4-digit code the shopper gives the rider (stored as it is: a hash of 10,000 codes
-- would hide nothing; wrong codes are counted instead, 5 at most), and the attempts that
-- failed, oldest first, as a JSON array of {at, reason, rider}. Written with the order's
-- status change, in its transaction.
CREATE TABLE deliveries (
    order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders (id),
    rider_id TEXT NOT NULL,
    rider_name TEXT NOT NULL,
    rider_phone TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('out', 'delivered', 'failed')),
    code TEXT NOT NULL,
    wrong_codes INTEGER NOT NULL DEFAULT 0 CHECK (wrong_codes BETWEEN 0 AND 5),
    dispatched_at TIMESTAMP NOT NULL,
    delivered_at TIMESTAMP,
    cash_collected_cents BIGINT CHECK (cash_collected_cents >= 0),
    attempts TEXT NOT NULL DEFAULT '[]'
);
-- A rider's own deliveries, and the back office's by state.
CREATE INDEX deliveries_of_rider ON deliveries (rider_id, state, dispatched_at);
CREATE INDEX deliveries_by_state ON deliveries (state, order_id);
