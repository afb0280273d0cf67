CREATE TABLE rider_cash_handins (
    rider_id TEXT NOT NULL,
    day TEXT NOT NULL,
    collected_cents BIGINT NOT NULL CHECK (collected_cents >= 0),
    received_at TIMESTAMP NOT NULL,
    received_by_id TEXT NOT NULL,
    received_by_name TEXT NOT NULL,
    PRIMARY KEY (rider_id, day)
);
-- A day's hand-ins become one receipt: all they covered, received as the last of them.
INSERT INTO rider_cash_handins
SELECT h.rider_id, h.day, (SELECT sum(amount_cents) FROM cash_handins s
                           WHERE s.rider_id = h.rider_id AND s.day = h.day),
       h.received_at, h.received_by_id, h.received_by_name
FROM cash_handins h
WHERE h.received_at = (SELECT max(received_at) FROM cash_handins l
                       WHERE l.rider_id = h.rider_id AND l.day = h.day)
GROUP BY h.rider_id, h.day;
ALTER TABLE deliveries DROP COLUMN cash_handin_id;
DROP TABLE cash_handins;
