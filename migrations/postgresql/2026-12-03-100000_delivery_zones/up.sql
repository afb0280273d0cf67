-- Delivery zones (issue 43; the rules are domain/src/delivery): a city's district, or a whole
-- city (district NULL), with its fee, its delivery time in days (0 to 0: the same day),
-- whether riders take cash there and whether it is served now. One zone per place, whatever
-- the case of its names; a zone is switched off, never deleted, so past orders keep their place.
CREATE TABLE delivery_zones (
    id TEXT PRIMARY KEY NOT NULL,
    city TEXT NOT NULL,
    district TEXT,
    fee_cents BIGINT NOT NULL CHECK (fee_cents >= 0),
    min_days INTEGER NOT NULL CHECK (min_days >= 0),
    max_days INTEGER NOT NULL CHECK (max_days >= min_days),
    cash_on_delivery BOOLEAN NOT NULL,
    served BOOLEAN NOT NULL
);
CREATE UNIQUE INDEX delivery_zones_place ON delivery_zones (lower(city), coalesce(lower(district), ''));

-- What the rider looks for where streets have no names.
ALTER TABLE orders ADD COLUMN ship_landmark TEXT;

-- The largest order total paid in cash to a rider ($200 unless an admin sets another).
ALTER TABLE settings ADD COLUMN cod_max_cents BIGINT NOT NULL DEFAULT 20000 CHECK (cod_max_cents >= 0);

-- The audit trail also records zones and riders' cash handed in.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check
    CHECK (entity IN ('product', 'order', 'user', 'settings', 'discount', 'zone', 'rider'));
