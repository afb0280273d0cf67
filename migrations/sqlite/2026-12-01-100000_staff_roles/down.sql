-- Staff become customers again, then the CHECK takes customers and admins only.
UPDATE users SET role = 'user' WHERE role IN ('orders', 'stock', 'rider');
PRAGMA writable_schema = ON;
UPDATE sqlite_master
SET sql = replace(sql, 'CHECK (role IN (''user'', ''admin'', ''orders'', ''stock'', ''rider''))',
                  'CHECK (role IN (''user'', ''admin''))')
WHERE type = 'table' AND name = 'users';
PRAGMA writable_schema = OFF;
CREATE TABLE staff_roles_schema_bump (done INTEGER);
DROP TABLE staff_roles_schema_bump;
