-- The audit trail of admin actions on SQLite. Kept in step with migrations/postgresql.
-- `seq` orders the entries as they were recorded (newest first = highest seq).
-- No foreign keys: entries outlive the accounts, products and orders they name.

CREATE TABLE audit_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    id TEXT NOT NULL UNIQUE,
    at DATETIME NOT NULL,
    actor_id TEXT NOT NULL,
    -- the actor's e-mail when they acted
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    entity TEXT NOT NULL CHECK (entity IN ('product', 'order', 'user', 'settings')),
    entity_id TEXT,
    -- the relevant fields as a JSON object, or null (before a creation, after a deletion)
    before_fields TEXT,
    after_fields TEXT
);
