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
ALTER TABLE cart_items ADD COLUMN variant_id TEXT NOT NULL DEFAULT '';
ALTER TABLE cart_items DROP CONSTRAINT cart_items_pkey;
ALTER TABLE cart_items ADD PRIMARY KEY (user_id, product_id, variant_id);

-- What an order line bought: the size as it was (orders outlive later edits).
ALTER TABLE order_lines ADD COLUMN variant_id TEXT;
ALTER TABLE order_lines ADD COLUMN size TEXT;
ALTER TABLE order_lines ADD COLUMN colour TEXT;
ALTER TABLE order_lines ADD COLUMN sku TEXT;
