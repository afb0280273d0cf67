DROP TRIGGER orders_search_on_insert;
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
