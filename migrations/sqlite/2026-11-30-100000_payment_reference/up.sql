-- The provider's own reference of a charge it keeps open (issue 41: an eDahab invoice the
-- payer has not paid yet), so the shop can ask about it until it is paid or the hold ends.
ALTER TABLE orders ADD COLUMN payment_reference TEXT;
