-- Notifications (issue 14; the rules are domain/src/notification.rs):
-- the outbox every message waits in, written in the transaction of the change it announces
-- and sent afterwards by the worker of `shop serve`.

CREATE TABLE notifications (
    id TEXT NOT NULL PRIMARY KEY,
    topic TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    -- NULL for the shop until it is sent (its alert address is configured, not stored).
    recipient TEXT,
    -- The order, return, product or user it is about.
    reference TEXT NOT NULL,
    payload TEXT,
    subject TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'retrying', 'failed', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at TIMESTAMP NOT NULL,
    -- Set while it is to be sent (pending or retrying): when it is due, or until when the
    -- worker that claimed it may send it.
    next_attempt_at TIMESTAMP,
    sent_at TIMESTAMP,
    give_up_at TIMESTAMP NOT NULL,
    -- The recipient and subject in lower case, as the back office's search reads them.
    search_text TEXT NOT NULL DEFAULT ''
);
-- The worker's due messages: only those still to send are in it.
CREATE INDEX notifications_due ON notifications (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
-- The back office's list, all or by status.
CREATE INDEX notifications_newest ON notifications (created_at, id);
CREATE INDEX notifications_by_status ON notifications (status, created_at, id);
-- The back office's search: a trigram index serves `search_text LIKE '%words%'`.
CREATE INDEX notifications_search ON notifications USING gin (search_text gin_trgm_ops);

-- A live password reset code per account (domain/src/password_reset.rs).
CREATE TABLE password_resets (
    user_id TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    tries_left INTEGER NOT NULL CHECK (tries_left >= 0)
);
