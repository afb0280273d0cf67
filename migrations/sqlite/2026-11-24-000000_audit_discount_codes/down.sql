CREATE TABLE audit_log_old (
    seq INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    id TEXT NOT NULL UNIQUE,
    at DATETIME NOT NULL,
    actor_id TEXT NOT NULL,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    entity TEXT NOT NULL CHECK (entity IN ('product', 'order', 'user', 'settings')),
    entity_id TEXT,
    before_fields TEXT,
    after_fields TEXT
);
INSERT INTO audit_log_old
    SELECT seq, id, at, actor_id, actor_email, action, entity, entity_id, before_fields, after_fields
    FROM audit_log WHERE entity <> 'discount';
DROP TABLE audit_log;
ALTER TABLE audit_log_old RENAME TO audit_log;
