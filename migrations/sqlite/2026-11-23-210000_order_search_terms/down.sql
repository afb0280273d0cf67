DROP TRIGGER orders_search_on_insert;
DROP TABLE order_search_links;
DROP TRIGGER order_search_terms_on_insert;
DROP TABLE order_search_trigrams;
DROP TABLE order_search_terms;

CREATE VIRTUAL TABLE orders_search USING fts5(order_id UNINDEXED, search_text, tokenize = 'trigram');
INSERT INTO orders_search (order_id, search_text)
    SELECT id, lower(id || ' ' || customer_name || ' ' || customer_email || ' ' || payment_phone || ' ' || coalesce(ship_phone, ''))
    FROM orders;
CREATE TRIGGER orders_search_on_insert AFTER INSERT ON orders BEGIN
    INSERT INTO orders_search (order_id, search_text)
    VALUES (new.id, lower(new.id || ' ' || new.customer_name || ' ' || new.customer_email || ' ' || new.payment_phone || ' ' || coalesce(new.ship_phone, '')));
END;
