-- The audit trail also records changes to discount codes (issue 15): entity 'discount'.
-- SQLite cannot change a CHECK, so the table is rebuilt with its rows (and their seq).
CREATE TABLE audit_log_new (
    seq INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    id TEXT NOT NULL UNIQUE,
    at DATETIME NOT NULL,
    actor_id TEXT NOT NULL,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    entity TEXT NOT NULL CHECK (entity IN ('product', 'order', 'user', 'settings', 'discount')),
    entity_id TEXT,
    before_fields TEXT,
    after_fields TEXT
);
INSERT INTO audit_log_new
    SELECT seq, id, at, actor_id, actor_email, action, entity, entity_id, before_fields, after_fields
    FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;
