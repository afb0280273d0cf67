CREATE TABLE cart_discounts_by_id (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    discount_id TEXT NOT NULL REFERENCES discounts (id) ON DELETE CASCADE
);
INSERT INTO cart_discounts_by_id (user_id, discount_id)
SELECT user_id, discount_id FROM cart_discounts WHERE discount_id IS NOT NULL;
DROP TABLE cart_discounts;
ALTER TABLE cart_discounts_by_id RENAME TO cart_discounts;
