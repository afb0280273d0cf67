-- When an unconfirmed payment's hold ran out and its order was canceled for it.
ALTER TABLE orders ADD COLUMN hold_expired_at TIMESTAMP;
-- A refund being sent to the provider: of several cancels, only the claimer sends one.
ALTER TABLE orders ADD COLUMN refund_claimed_at TIMESTAMP;
-- The hold check finds unconfirmed payments by age without reading every order.
CREATE INDEX orders_unconfirmed_created_at ON orders (created_at)
    WHERE payment_status = 'pending' AND status = 'pending';
