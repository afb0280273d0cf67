-- PostgreSQL's order-search trigger lost its SQL function and its links lost their foreign
-- keys (see the PostgreSQL migration). SQLite's trigger has no function to plan again, and
-- its key checks are two lookups in tables it has open: measured with `sqlite3` on a seeded
-- shop, 5,000 orders in one INSERT took as much CPU with the keys checked as without. So it
-- stays as it is; diesel runs migrations in the same order on both databases, so this one
-- is here too, and does nothing.
SELECT 1;
