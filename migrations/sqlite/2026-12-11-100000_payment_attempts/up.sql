-- Payment attempts (issue 61): each charge the shop starts, asked about until its provider
-- gives a final answer whatever its order does meanwhile. Money approved for an order that
-- can no longer take it is paid back under the attempt's refund claim.
CREATE TABLE payment_attempts (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id),
    method TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    currency TEXT NOT NULL,
    payer TEXT NOT NULL,
    state TEXT NOT NULL,
    provider_reference TEXT,
    transaction_id TEXT,
    approved_cents BIGINT,
    approved_currency TEXT,
    started_at TIMESTAMP NOT NULL,
    answered_at TIMESTAMP,
    refund_claimed_at TIMESTAMP,
    refund_unconfirmed_at TIMESTAMP,
    refund_error TEXT
);
CREATE INDEX payment_attempts_order ON payment_attempts (order_id, started_at);
CREATE INDEX payment_attempts_state ON payment_attempts (state, started_at);
CREATE INDEX payment_attempts_started ON payment_attempts (started_at);

-- Each order's charge so far becomes its attempt (one an order; its id the order's): a paid
-- one approved (an admin's confirmation by hand included), a failed one declined, one still
-- unconfirmed awaiting (asked about again, even when its hold canceled the order).
INSERT INTO payment_attempts (id, order_id, method, amount_cents, currency, payer, state,
                              provider_reference, transaction_id, started_at, answered_at)
SELECT id, id, payment_method, total_cents, 'USD', payment_phone,
       CASE WHEN payment_status IN ('paid', 'refunded', 'partiallyRefunded') THEN 'approved'
            WHEN payment_status = 'failed' THEN 'declined'
            ELSE 'awaiting' END,
       payment_reference, transaction_id, created_at,
       CASE WHEN payment_status = 'pending' THEN NULL ELSE updated_at END
FROM orders
WHERE payment_method NOT IN ('', 'cash-on-delivery') AND total_cents > 0;
