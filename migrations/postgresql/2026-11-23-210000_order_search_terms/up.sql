-- Searching the admin's orders (issue 22), measured on 100,000 orders: one trigram index
-- over each order's whole text reads the long lists of the trigrams every order shares
-- ('exa', 'com', ...), so a whole e-mail took 25-55 ms. But customers repeat: their names,
-- e-mails and phones are a few thousand distinct texts. So each distinct text is a term,
-- indexed once, and linked to its orders: a search finds the terms, then their orders, and
-- a repeat customer's order adds links only. Order ids are found by their first characters
-- (`id LIKE 'prefix%'`, served by `orders_id_prefix` whatever the database's collation).
-- An order's texts never change after it is placed and orders are never deleted, so an
-- insert trigger keeps both tables.
DROP INDEX orders_search_trgm;
CREATE INDEX orders_id_prefix ON orders (id text_pattern_ops);

CREATE TABLE order_search_terms (
    id BIGSERIAL PRIMARY KEY,
    term TEXT NOT NULL UNIQUE
);
CREATE INDEX order_search_trigrams ON order_search_terms USING gin (term gin_trgm_ops);
CREATE TABLE order_search_links (
    term_id BIGINT NOT NULL REFERENCES order_search_terms (id),
    order_id TEXT NOT NULL REFERENCES orders (id),
    PRIMARY KEY (term_id, order_id)
);

-- An order's searched texts, in lower case, each once, sorted: orders placed at the same
-- time then insert the terms they share in one order, so they cannot deadlock.
CREATE FUNCTION order_search_terms_of(o orders) RETURNS TEXT[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY(
        SELECT DISTINCT lower(t)
        FROM unnest(ARRAY[o.customer_name, o.customer_email, o.payment_phone, o.ship_phone]) AS t
        WHERE t <> ''
        ORDER BY 1
    )
$$;

INSERT INTO order_search_terms (term)
    SELECT DISTINCT unnest(order_search_terms_of(o)) FROM orders o ORDER BY 1;
INSERT INTO order_search_links (term_id, order_id)
    SELECT s.id, o.id
    FROM orders o JOIN order_search_terms s ON s.term = ANY (order_search_terms_of(o));

CREATE FUNCTION orders_search_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    terms TEXT[] := order_search_terms_of(NEW);
BEGIN
    INSERT INTO order_search_terms (term) SELECT unnest(terms) ON CONFLICT (term) DO NOTHING;
    INSERT INTO order_search_links (term_id, order_id)
        SELECT id, NEW.id FROM order_search_terms WHERE term = ANY (terms);
    RETURN NULL;
END
$$;
CREATE TRIGGER orders_search_on_insert AFTER INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_search_on_insert();
