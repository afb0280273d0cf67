-- SQLite's order-search trigger lost its UNION (see the SQLite migration); PostgreSQL's
-- builds its terms as an array and stays as it is. Diesel runs migrations in the same
-- order on both databases, so this one is here too, and does nothing.
SELECT 1;
