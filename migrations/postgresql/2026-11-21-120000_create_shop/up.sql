-- The shop's tables on PostgreSQL. Kept in step with migrations/sqlite (same folder names,
-- same tables and columns; only the type spellings differ).
-- Money is integer cents, ids are text, timestamps are UTC.
-- TIMESTAMP (without time zone) is the type both backends share with diesel; values are UTC.

CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    -- stored lower-cased by the domain, so uniqueness is case-insensitive
    email TEXT NOT NULL UNIQUE,
    phone TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'admin')),
    password_hash TEXT NOT NULL,
    must_change_password BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX users_created_at ON users (created_at);

CREATE TABLE products (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    category TEXT NOT NULL CHECK (category IN ('women', 'kids', 'sales')),
    -- the tags as entered (a JSON array of strings), for display
    tags TEXT NOT NULL DEFAULT '[]',
    -- the tags lower-cased between commas (",new,summer,"), for the tag filter
    tag_keys TEXT NOT NULL DEFAULT ',',
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    discount INTEGER NOT NULL DEFAULT 0 CHECK (discount BETWEEN 0 AND 100),
    original_price_cents BIGINT CHECK (original_price_cents >= 0),
    image_full TEXT,
    image_thumb TEXT,
    -- a JSON array of picture paths
    gallery TEXT NOT NULL DEFAULT '[]',
    rating_tenths INTEGER NOT NULL DEFAULT 0 CHECK (rating_tenths BETWEEN 0 AND 255),
    reviews BIGINT NOT NULL DEFAULT 0 CHECK (reviews >= 0),
    stock BIGINT NOT NULL CHECK (stock >= 0),
    is_featured BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX products_created_at ON products (created_at);
CREATE INDEX products_category_created_at ON products (category, created_at);
CREATE INDEX products_featured_created_at ON products (is_featured, created_at);

CREATE TABLE cart_items (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX cart_items_product ON cart_items (product_id);

CREATE TABLE wishlist_items (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX wishlist_items_product ON wishlist_items (product_id);

-- No foreign key to users: orders outlive the accounts that placed them.
CREATE TABLE orders (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    subtotal_cents BIGINT NOT NULL CHECK (subtotal_cents >= 0),
    shipping_cents BIGINT NOT NULL CHECK (shipping_cents >= 0),
    total_cents BIGINT NOT NULL CHECK (total_cents >= 0),
    status TEXT NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'canceled')),
    payment_status TEXT NOT NULL CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded')),
    payment_method TEXT NOT NULL,
    payment_phone TEXT NOT NULL,
    transaction_id TEXT,
    -- the shipping address: all five set, or all five null
    ship_full_name TEXT,
    ship_phone TEXT,
    ship_city TEXT,
    ship_district TEXT,
    ship_address_line TEXT,
    idempotency_key TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_created_at ON orders (created_at);
CREATE INDEX orders_user_created_at ON orders (user_id, created_at);

-- A snapshot of what was bought: no foreign key to products.
CREATE TABLE order_lines (
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    product_id TEXT NOT NULL,
    name TEXT NOT NULL,
    image TEXT,
    unit_price_cents BIGINT NOT NULL CHECK (unit_price_cents >= 0),
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_id, position)
);

-- One row (id = 1) once the shop's settings have been saved.
CREATE TABLE settings (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    shop_name TEXT NOT NULL,
    support_phone TEXT NOT NULL,
    support_email TEXT NOT NULL,
    shipping_cents BIGINT NOT NULL CHECK (shipping_cents >= 0)
);
