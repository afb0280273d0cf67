-- A cart keeps the terms its code was applied for (`kind` and `value`, as in `discounts`) and
-- keeps the code when an admin deletes it (`discount_id` set to NULL): checkout refuses a
-- code edited or deleted since the shopper saw its totals instead of charging another total
-- (domain/src/discount.rs, `CartDiscount`).
ALTER TABLE cart_discounts
    ADD COLUMN code TEXT,
    ADD COLUMN kind TEXT,
    ADD COLUMN value BIGINT;
UPDATE cart_discounts c SET code = d.code, kind = d.kind, value = d.value
FROM discounts d WHERE d.id = c.discount_id;
ALTER TABLE cart_discounts
    ALTER COLUMN code SET NOT NULL,
    ALTER COLUMN kind SET NOT NULL,
    ALTER COLUMN value SET NOT NULL,
    ADD CONSTRAINT cart_discounts_kind_check CHECK (kind IN ('percent', 'fixed', 'freeShipping')),
    ADD CONSTRAINT cart_discounts_value_check CHECK (value >= 0),
    ALTER COLUMN discount_id DROP NOT NULL,
    DROP CONSTRAINT cart_discounts_discount_id_fkey,
    ADD CONSTRAINT cart_discounts_discount_id_fkey
        FOREIGN KEY (discount_id) REFERENCES discounts (id) ON DELETE SET NULL;
-- Deleting a code sets its carts' references to NULL.
CREATE INDEX cart_discounts_by_discount ON cart_discounts (discount_id);
