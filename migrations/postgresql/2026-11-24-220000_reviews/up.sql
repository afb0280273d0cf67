-- Reviews by verified buyers (issue 17; the rules are domain/src/review.rs): one per
-- shopper and product, the product's rating and count kept with them.

CREATE TABLE reviews (
    id TEXT NOT NULL PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    -- No foreign key: like orders, a review stays when its author's account is deleted
    -- (it shows the name it was written under).
    user_id TEXT NOT NULL,
    author TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title TEXT,
    body TEXT NOT NULL,
    verified_purchase BOOLEAN NOT NULL DEFAULT TRUE,
    hidden BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    -- The title, body and author in lower case, as the back office's search reads them:
    -- one column to scan instead of three to lower-case on every row.
    search_text TEXT NOT NULL,
    UNIQUE (product_id, user_id)
);
-- A product's page of visible reviews, newest first or by rating.
CREATE INDEX reviews_of_product ON reviews (product_id, hidden, created_at, id);
CREATE INDEX reviews_of_product_by_rating ON reviews (product_id, hidden, rating, created_at, id);
-- The back office's list, all or hidden or shown.
CREATE INDEX reviews_newest ON reviews (created_at, id);
CREATE INDEX reviews_by_hidden ON reviews (hidden, created_at, id);
-- The back office's search: a trigram index serves `search_text LIKE '%words%'`.
CREATE INDEX reviews_search ON reviews USING gin (search_text gin_trgm_ops);

-- Until now the ratings and counts were made up by the demo and seed data: no product may
-- show a rating no review supports.
UPDATE products SET rating_tenths = 0, reviews = 0;
