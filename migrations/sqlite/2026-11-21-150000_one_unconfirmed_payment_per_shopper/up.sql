-- One charge at a time per shopper: while an order's payment is unconfirmed (pending and not
-- canceled), a second order of the same shopper cannot be stored, in any process.
CREATE UNIQUE INDEX orders_one_unconfirmed_payment_per_user ON orders (user_id)
    WHERE payment_status = 'pending' AND status <> 'canceled';
