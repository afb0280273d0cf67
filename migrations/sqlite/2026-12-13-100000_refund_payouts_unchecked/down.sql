-- A payout to a wallet the old CHECK does not know is told as paid in cash, then the CHECK
-- is written back into the table's stored text.
UPDATE returns SET refund_paid_with = 'cash'
WHERE refund_paid_with NOT IN ('cash', 'evc-plus', 'zaad', 'sahal', 'edahab');
PRAGMA writable_schema = ON;
UPDATE sqlite_master
SET sql = replace(sql, 'refund_paid_with TEXT',
    'refund_paid_with TEXT CHECK (refund_paid_with IN (''cash'', ''evc-plus'', ''zaad'', ''sahal'', ''edahab''))')
WHERE type = 'table' AND name = 'returns';
PRAGMA writable_schema = OFF;
CREATE TABLE refund_payouts_unchecked_schema_bump (done INTEGER);
DROP TABLE refund_payouts_unchecked_schema_bump;
