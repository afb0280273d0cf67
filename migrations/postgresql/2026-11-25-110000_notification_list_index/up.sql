-- The Notifications screen's list, newest first and filtered by status or channel, counted
-- from one index (searches use the trigram index notifications_search). One index instead
-- of two also makes the outbox's insert at checkout cheaper.
DROP INDEX notifications_newest;
DROP INDEX notifications_by_status;
CREATE INDEX notifications_list ON notifications (created_at, id, status, channel);
