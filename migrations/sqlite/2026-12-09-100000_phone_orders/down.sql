DROP TABLE payment_links;
DROP INDEX orders_one_unconfirmed_payment_per_user;
CREATE UNIQUE INDEX orders_one_unconfirmed_payment_per_user ON orders (user_id)
    WHERE payment_status = 'pending' AND status <> 'canceled'
        AND payment_method <> 'cash-on-delivery';
DROP TABLE phone_orders;
