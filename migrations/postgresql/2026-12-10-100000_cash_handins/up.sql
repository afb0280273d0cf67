-- A rider's cash of a day is handed in as often as the rider brings it (issue 61): each
-- hand-in covers the cash deliveries no hand-in covered before it, and records what it
-- covered. (One row per rider and day could not take the cash delivered after it.)
CREATE TABLE cash_handins (
    id TEXT PRIMARY KEY NOT NULL,
    rider_id TEXT NOT NULL,
    day TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    deliveries INTEGER NOT NULL CHECK (deliveries >= 0),
    received_at TIMESTAMP NOT NULL,
    received_by_id TEXT NOT NULL,
    received_by_name TEXT NOT NULL
);
CREATE INDEX cash_handins_rider_day ON cash_handins (rider_id, day);
-- The hand-in that covered a cash delivery's money.
ALTER TABLE deliveries ADD COLUMN cash_handin_id TEXT REFERENCES cash_handins (id);

-- Each day handed in before becomes one hand-in, covering that day's cash deliveries made
-- before it was received (a day runs from midnight in Somalia, UTC+3).
INSERT INTO cash_handins
    (id, rider_id, day, amount_cents, deliveries, received_at, received_by_id, received_by_name)
SELECT rider_id || ':' || day, rider_id, day, collected_cents, 0, received_at, received_by_id,
       received_by_name
FROM rider_cash_handins;
UPDATE deliveries SET cash_handin_id = (
    SELECT h.id FROM cash_handins h
    WHERE h.rider_id = deliveries.rider_id
      AND deliveries.delivered_at >= h.day::date - interval '3 hours'
      AND deliveries.delivered_at < h.day::date + interval '21 hours'
      AND deliveries.delivered_at <= h.received_at
)
WHERE state = 'delivered' AND cash_collected_cents IS NOT NULL;
UPDATE cash_handins SET deliveries = (
    SELECT count(*) FROM deliveries WHERE deliveries.cash_handin_id = cash_handins.id
);
DROP TABLE rider_cash_handins;
