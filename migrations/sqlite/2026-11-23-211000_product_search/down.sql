DROP TRIGGER product_search_on_delete;
DROP TRIGGER product_search_on_update;
DROP TRIGGER product_search_on_insert;
DROP TABLE product_search;
