CREATE TABLE catalog_version_one (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalog_version_one (id, version) SELECT 1, SUM(version) FROM catalog_version;
DROP TABLE catalog_version;
ALTER TABLE catalog_version_one RENAME TO catalog_version;

CREATE TABLE order_day_totals_one (
    day TEXT NOT NULL,
    status TEXT NOT NULL,
    payment_status TEXT NOT NULL,
    orders BIGINT NOT NULL,
    total_cents BIGINT NOT NULL,
    PRIMARY KEY (day, status, payment_status)
);
INSERT INTO order_day_totals_one (day, status, payment_status, orders, total_cents)
SELECT day, status, payment_status, SUM(orders), SUM(total_cents)
FROM order_day_totals GROUP BY day, status, payment_status;
DROP TABLE order_day_totals;
ALTER TABLE order_day_totals_one RENAME TO order_day_totals;
