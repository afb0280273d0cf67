DELETE FROM audit_log WHERE entity IN ('zone', 'rider');
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check
    CHECK (entity IN ('product', 'order', 'user', 'settings', 'discount'));
ALTER TABLE settings DROP COLUMN cod_max_cents;
ALTER TABLE orders DROP COLUMN ship_landmark;
DROP TABLE delivery_zones;
