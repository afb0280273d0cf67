-- Back-in-stock requests (issue 44; the rules are domain/src/restock.rs): a shopper's wish to
-- be told when a sold-out size (or a one-size product, variant_id NULL) is back. answered_at
-- is set, once, in the transaction that brings stock back, with the message queued in the
-- outbox. A request goes with its shopper, product or size.
CREATE TABLE restock_alerts (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variant_id TEXT REFERENCES product_variants (id) ON DELETE CASCADE,
    -- variant_id, or '' for a one-size product: the pending key, which NULL cannot be.
    variant_key TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    answered_at TIMESTAMP
);
-- One pending request per shopper and size.
CREATE UNIQUE INDEX restock_alerts_pending ON restock_alerts (user_id, product_id, variant_key)
    WHERE answered_at IS NULL;
-- What a restock of a product answers, and the back office's most requested sizes.
CREATE INDEX restock_alerts_waiting ON restock_alerts (product_id, variant_key)
    WHERE answered_at IS NULL;
-- A shopper's list, newest first.
CREATE INDEX restock_alerts_of_user ON restock_alerts (user_id, created_at);
