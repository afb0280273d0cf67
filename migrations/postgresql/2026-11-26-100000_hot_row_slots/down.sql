UPDATE catalog_version SET version = (SELECT SUM(version) FROM catalog_version) WHERE id = 1;
DELETE FROM catalog_version WHERE id <> 1;
ALTER TABLE catalog_version DROP CONSTRAINT catalog_version_id_check;
ALTER TABLE catalog_version ADD CONSTRAINT catalog_version_id_check CHECK (id = 1);

CREATE TEMPORARY TABLE order_day_totals_summed AS
SELECT day, status, payment_status, SUM(orders)::BIGINT AS orders,
       SUM(total_cents)::BIGINT AS total_cents
FROM order_day_totals GROUP BY day, status, payment_status;
DELETE FROM order_day_totals;
ALTER TABLE order_day_totals DROP CONSTRAINT order_day_totals_pkey;
ALTER TABLE order_day_totals DROP COLUMN slot;
INSERT INTO order_day_totals SELECT * FROM order_day_totals_summed;
ALTER TABLE order_day_totals ADD PRIMARY KEY (day, status, payment_status);
DROP TABLE order_day_totals_summed;
