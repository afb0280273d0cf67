-- The audit trail names who acted and in which role (issue 42), and is read by person.
-- Entries written before staff roles existed were all an admin's.
ALTER TABLE audit_log ADD COLUMN actor_name TEXT NOT NULL DEFAULT '';
ALTER TABLE audit_log ADD COLUMN actor_role TEXT NOT NULL DEFAULT 'admin';
CREATE INDEX audit_log_actor ON audit_log (actor_id, seq);
