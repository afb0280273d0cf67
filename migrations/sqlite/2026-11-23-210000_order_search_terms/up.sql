-- Searching the admin's orders (issue 22), measured on 100,000 orders: one trigram index
-- over each order's whole text reads the long lists of the trigrams every order shares
-- ('exa', 'com', ...), so a whole e-mail took ~40 ms, and indexing each new order's text
-- cost a checkout ~0.9 ms. But customers repeat: their names, e-mails and phones are a few
-- thousand distinct texts. So each distinct text is a term, indexed once, and linked to its
-- orders: a search finds the terms, then their orders, and a repeat customer's order adds
-- links only (~0.2 ms). Order ids are found by their first characters in the primary key
-- (adapters/db/src/order_list.rs). An order's texts never change after it is placed and
-- orders are never deleted, so an insert trigger keeps both tables.
DROP TRIGGER orders_search_on_insert;
DROP TABLE orders_search;

CREATE TABLE order_search_terms (
    id INTEGER PRIMARY KEY NOT NULL,
    term TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE order_search_trigrams USING fts5(
    term, content = 'order_search_terms', content_rowid = 'id', tokenize = 'trigram'
);
CREATE TRIGGER order_search_terms_on_insert AFTER INSERT ON order_search_terms BEGIN
    INSERT INTO order_search_trigrams (rowid, term) VALUES (new.id, new.term);
END;
CREATE TABLE order_search_links (
    term_id INTEGER NOT NULL REFERENCES order_search_terms (id),
    order_id TEXT NOT NULL REFERENCES orders (id),
    PRIMARY KEY (term_id, order_id)
) WITHOUT ROWID;

INSERT OR IGNORE INTO order_search_terms (term)
    SELECT lower(customer_name) FROM orders
    UNION SELECT lower(customer_email) FROM orders
    UNION SELECT lower(payment_phone) FROM orders
    UNION SELECT lower(ship_phone) FROM orders WHERE ship_phone <> '';
INSERT OR IGNORE INTO order_search_links (term_id, order_id)
    SELECT t.id, o.id FROM orders o JOIN order_search_terms t ON t.term IN (
        lower(o.customer_name), lower(o.customer_email), lower(o.payment_phone), lower(o.ship_phone)
    );

CREATE TRIGGER orders_search_on_insert AFTER INSERT ON orders BEGIN
    INSERT OR IGNORE INTO order_search_terms (term)
        SELECT term FROM (
            SELECT lower(new.customer_name) AS term
            UNION SELECT lower(new.customer_email)
            UNION SELECT lower(new.payment_phone)
            UNION SELECT lower(new.ship_phone)
        ) WHERE term <> '';
    INSERT OR IGNORE INTO order_search_links (term_id, order_id)
        SELECT id, new.id FROM order_search_terms WHERE term IN (
            lower(new.customer_name), lower(new.customer_email), lower(new.payment_phone),
            lower(new.ship_phone)
        );
END;
