ALTER TABLE order_lines DROP COLUMN sku;
ALTER TABLE order_lines DROP COLUMN colour;
ALTER TABLE order_lines DROP COLUMN size;
ALTER TABLE order_lines DROP COLUMN variant_id;

CREATE TABLE cart_items_old (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    created_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
INSERT INTO cart_items_old (user_id, product_id, quantity, created_at)
    SELECT user_id, product_id, SUM(quantity), MIN(created_at) FROM cart_items
    GROUP BY user_id, product_id;
DROP TABLE cart_items;
ALTER TABLE cart_items_old RENAME TO cart_items;
CREATE INDEX cart_items_product ON cart_items (product_id);

DROP TABLE product_variants;
