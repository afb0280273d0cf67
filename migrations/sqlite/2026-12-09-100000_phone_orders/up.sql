-- Orders taken by phone and chat (issue 45): which orders staff took, and who took each (an
-- order without a row here was placed at checkout). A phone order's payment method stays ''
-- until its customer pays or chooses.
CREATE TABLE phone_orders (
    order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    taken_by_id TEXT NOT NULL,
    taken_by_name TEXT NOT NULL
);
-- The back office's order list filtered by who took them.
CREATE INDEX phone_orders_taken_by ON phone_orders (taken_by_id);

-- A phone order waiting for its payment to be chosen charges nothing, like cash on delivery:
-- it takes no part in "one charge at a time per shopper" until a charge starts.
DROP INDEX orders_one_unconfirmed_payment_per_user;
CREATE UNIQUE INDEX orders_one_unconfirmed_payment_per_user ON orders (user_id)
    WHERE payment_status = 'pending' AND status <> 'canceled'
        AND payment_method NOT IN ('cash-on-delivery', '');

-- The payment link of a phone order (one at a time: a new link replaces the last): only a
-- hash of its token is kept, so the table cannot be read back into working links.
CREATE TABLE payment_links (
    order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
