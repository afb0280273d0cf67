-- Staff roles (issue 42): a user's role may be an order handler's, a stock keeper's or a
-- rider's. SQLite cannot alter a CHECK, and rebuilding `users` would delete or orphan the rows
-- of every table that references it, so the CHECK's text is loosened where it is stored
-- (sqlite.org/lang_altertable.html, "making other kinds of table schema changes"): every row
-- already satisfies the looser CHECK, so nothing on disk changes.
PRAGMA writable_schema = ON;
UPDATE sqlite_master
SET sql = replace(sql, 'CHECK (role IN (''user'', ''admin''))',
                  'CHECK (role IN (''user'', ''admin'', ''orders'', ''stock'', ''rider''))')
WHERE type = 'table' AND name = 'users';
PRAGMA writable_schema = OFF;
-- Any schema change moves the schema's version, so every open connection reads the new CHECK.
CREATE TABLE staff_roles_schema_bump (done INTEGER);
DROP TABLE staff_roles_schema_bump;
