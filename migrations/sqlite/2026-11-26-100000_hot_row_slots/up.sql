-- Every order writes the catalogue version and today's sales totals. On PostgreSQL, one row
-- each made every checkout wait for the one before to commit (its row lock); each is now
-- spread over 16 rows (slots) that readers add up. SQLite has one writer anyway and keeps
-- the same tables, so the code is one.
CREATE TABLE catalog_version_slots (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id BETWEEN 1 AND 16),
    version BIGINT NOT NULL
);
INSERT INTO catalog_version_slots (id, version) SELECT id, version FROM catalog_version;
INSERT INTO catalog_version_slots (id, version)
VALUES (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 0),
       (12, 0), (13, 0), (14, 0), (15, 0), (16, 0);
DROP TABLE catalog_version;
ALTER TABLE catalog_version_slots RENAME TO catalog_version;

CREATE TABLE order_day_totals_slots (
    day TEXT NOT NULL,
    status TEXT NOT NULL,
    payment_status TEXT NOT NULL,
    slot INTEGER NOT NULL,
    orders BIGINT NOT NULL,
    total_cents BIGINT NOT NULL,
    PRIMARY KEY (day, status, payment_status, slot)
);
INSERT INTO order_day_totals_slots (day, status, payment_status, slot, orders, total_cents)
SELECT day, status, payment_status, 0, orders, total_cents FROM order_day_totals;
DROP TABLE order_day_totals;
ALTER TABLE order_day_totals_slots RENAME TO order_day_totals;
