-- A refund whose answer was lost (issue 38; domain/src/refund.rs): its claim stays, marked
-- with the time the shop stopped waiting for the answer, until an admin resolves it. A
-- claim older than ten minutes without an answer counts as unconfirmed too.
ALTER TABLE orders ADD COLUMN refund_unconfirmed_at TIMESTAMP;
ALTER TABLE returns ADD COLUMN refund_unconfirmed_at TIMESTAMP;
