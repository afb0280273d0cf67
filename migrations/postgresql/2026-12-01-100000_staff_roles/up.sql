-- Staff roles (issue 42): a user's role may be an order handler's, a stock keeper's or a rider's.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check
    CHECK (role IN ('user', 'admin', 'orders', 'stock', 'rider'));
