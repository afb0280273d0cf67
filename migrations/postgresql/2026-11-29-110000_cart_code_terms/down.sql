DROP INDEX cart_discounts_by_discount;
DELETE FROM cart_discounts WHERE discount_id IS NULL;
ALTER TABLE cart_discounts
    DROP CONSTRAINT cart_discounts_discount_id_fkey,
    ADD CONSTRAINT cart_discounts_discount_id_fkey
        FOREIGN KEY (discount_id) REFERENCES discounts (id) ON DELETE CASCADE,
    ALTER COLUMN discount_id SET NOT NULL,
    DROP COLUMN value,
    DROP COLUMN kind,
    DROP COLUMN code;
