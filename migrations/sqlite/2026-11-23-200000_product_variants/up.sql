-- Sizes and colours: each variant has its own stock; a product's
-- stock is the sum of its variants' whenever it has any.
CREATE TABLE product_variants (
    id TEXT PRIMARY KEY NOT NULL,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    size TEXT NOT NULL,
    colour TEXT,
    sku TEXT NOT NULL,
    stock BIGINT NOT NULL CHECK (stock >= 0)
);
CREATE INDEX product_variants_product ON product_variants (product_id, position);
CREATE UNIQUE INDEX product_variants_sku ON product_variants (lower(sku));
-- 'Show only my size': the products with stock in a size (and colour).
CREATE INDEX product_variants_size ON product_variants (lower(size), product_id) WHERE stock > 0;

-- A cart line is a product in one size: '' stands for a one-size product (no variant), as
-- a key column cannot be NULL.
CREATE TABLE cart_items_new (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variant_id TEXT NOT NULL DEFAULT '',
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    created_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, product_id, variant_id)
);
INSERT INTO cart_items_new (user_id, product_id, variant_id, quantity, created_at)
    SELECT user_id, product_id, '', quantity, created_at FROM cart_items;
DROP TABLE cart_items;
ALTER TABLE cart_items_new RENAME TO cart_items;
CREATE INDEX cart_items_product ON cart_items (product_id);

-- What an order line bought: the size as it was (orders outlive later edits).
ALTER TABLE order_lines ADD COLUMN variant_id TEXT;
ALTER TABLE order_lines ADD COLUMN size TEXT;
ALTER TABLE order_lines ADD COLUMN colour TEXT;
ALTER TABLE order_lines ADD COLUMN sku TEXT;
