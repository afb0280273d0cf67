-- Discount codes (issue 15; the rules are domain/src/discount.rs).
-- `value`: the percent for `percent` (1-100), cents for `fixed`, 0 for `freeShipping`.
-- A use is taken with a guarded increment of `times_used` in the order's transaction, and
-- recorded in `discount_uses` (counted per customer; given back once, by deleting it).
CREATE TABLE discounts (
    id TEXT PRIMARY KEY NOT NULL,
    code TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'freeShipping')),
    value BIGINT NOT NULL CHECK (value >= 0),
    min_subtotal_cents BIGINT CHECK (min_subtotal_cents >= 0),
    starts_at TIMESTAMP,
    ends_at TIMESTAMP,
    usage_limit INTEGER CHECK (usage_limit >= 1),
    per_customer_limit INTEGER CHECK (per_customer_limit >= 1),
    times_used INTEGER NOT NULL DEFAULT 0 CHECK (times_used >= 0),
    active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX discounts_created_at ON discounts (created_at, id);

CREATE TABLE discount_uses (
    order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders (id),
    discount_id TEXT NOT NULL REFERENCES discounts (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX discount_uses_by_customer ON discount_uses (discount_id, user_id);

-- The code a shopper applied to their cart (one per cart).
CREATE TABLE cart_discounts (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    discount_id TEXT NOT NULL REFERENCES discounts (id) ON DELETE CASCADE
);

-- What an order's code took off its merchandise (the code as it was then).
ALTER TABLE orders ADD COLUMN discount_code TEXT;
ALTER TABLE orders ADD COLUMN discount_cents BIGINT NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
