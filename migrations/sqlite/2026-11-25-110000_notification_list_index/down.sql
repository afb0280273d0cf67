DROP INDEX notifications_list;
CREATE INDEX notifications_newest ON notifications (created_at, id);
CREATE INDEX notifications_by_status ON notifications (status, created_at, id);
