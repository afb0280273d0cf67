ALTER TABLE order_lines DROP COLUMN sku;
ALTER TABLE order_lines DROP COLUMN colour;
ALTER TABLE order_lines DROP COLUMN size;
ALTER TABLE order_lines DROP COLUMN variant_id;

DELETE FROM cart_items WHERE variant_id <> '';
ALTER TABLE cart_items DROP CONSTRAINT cart_items_pkey;
ALTER TABLE cart_items DROP COLUMN variant_id;
ALTER TABLE cart_items ADD PRIMARY KEY (user_id, product_id);

DROP TABLE product_variants;
