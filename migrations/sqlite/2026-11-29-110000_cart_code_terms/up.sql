-- A cart keeps the terms its code was applied for (`kind` and `value`, as in `discounts`) and
-- keeps the code when an admin deletes it (`discount_id` set to NULL): checkout refuses a
-- code edited or deleted since the shopper saw its totals instead of charging another total
-- (domain/src/discount.rs, `CartDiscount`). SQLite changes a foreign key by rebuilding.
CREATE TABLE cart_discounts_terms (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    discount_id TEXT REFERENCES discounts (id) ON DELETE SET NULL,
    code TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'freeShipping')),
    value BIGINT NOT NULL CHECK (value >= 0)
);
INSERT INTO cart_discounts_terms (user_id, discount_id, code, kind, value)
SELECT c.user_id, c.discount_id, d.code, d.kind, d.value
FROM cart_discounts c JOIN discounts d ON d.id = c.discount_id;
DROP TABLE cart_discounts;
ALTER TABLE cart_discounts_terms RENAME TO cart_discounts;
-- Deleting a code sets its carts' references to NULL.
CREATE INDEX cart_discounts_by_discount ON cart_discounts (discount_id);
