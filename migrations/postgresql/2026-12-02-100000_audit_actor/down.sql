DROP INDEX audit_log_actor;
ALTER TABLE audit_log DROP COLUMN actor_role;
ALTER TABLE audit_log DROP COLUMN actor_name;
