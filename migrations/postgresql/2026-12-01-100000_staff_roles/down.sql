-- Staff become customers again, then the CHECK takes customers and admins only.
UPDATE users SET role = 'user' WHERE role IN ('orders', 'stock', 'rider');
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin'));
