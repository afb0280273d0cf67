-- The audit trail also records changes to discount codes (issue 15): entity 'discount'.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check
    CHECK (entity IN ('product', 'order', 'user', 'settings', 'discount'));
