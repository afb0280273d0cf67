DROP INDEX deliveries_delivered_at;
DROP TABLE rider_cash_handins;
DROP INDEX orders_one_unconfirmed_payment_per_user;
CREATE UNIQUE INDEX orders_one_unconfirmed_payment_per_user ON orders (user_id)
    WHERE payment_status = 'pending' AND status <> 'canceled';
