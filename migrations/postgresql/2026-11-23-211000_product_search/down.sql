DROP INDEX product_search_trgm;
