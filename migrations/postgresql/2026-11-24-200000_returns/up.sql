-- Returns (issue 16; the rules are domain/src/returns.rs): which units
-- of a delivered order a shopper sends back, their refund, and each status they took.

-- How many of the order's returns were not rejected: a canceled order puts back all of its
-- stock and refunds the rest of its charge, so an order with returns cannot be canceled
-- (and a refund claimed for a cancel holds returns off). Kept on the order's row so both
-- guards are one row's update.
ALTER TABLE orders ADD COLUMN returns_held INTEGER NOT NULL DEFAULT 0 CHECK (returns_held >= 0);

CREATE TABLE returns (
    id TEXT NOT NULL PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('requested', 'approved', 'rejected', 'received', 'refunded')),
    refund_cents BIGINT NOT NULL CHECK (refund_cents >= 0),
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    -- Set while an admin's refund is at the payment provider (as orders.refund_claimed_at).
    refund_claimed_at TIMESTAMP
);
CREATE INDEX returns_by_order ON returns (order_id, created_at);
CREATE INDEX returns_newest ON returns (created_at, id);
CREATE INDEX returns_by_status ON returns (status, created_at, id);

-- The units of each order line in a return, with the order line's snapshot as it was.
CREATE TABLE return_lines (
    return_id TEXT NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    -- The order line's place in its order (order_lines.position).
    line_position INTEGER NOT NULL,
    product_id TEXT NOT NULL,
    name TEXT NOT NULL,
    variant_id TEXT,
    size TEXT,
    colour TEXT,
    sku TEXT,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    PRIMARY KEY (return_id, position)
);

-- Every status a return took, when and by whom (null: the shop itself).
CREATE TABLE return_status_history (
    return_id TEXT NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('requested', 'approved', 'rejected', 'received', 'refunded')),
    at TIMESTAMP NOT NULL,
    by_id TEXT,
    by_name TEXT,
    PRIMARY KEY (return_id, seq)
);
