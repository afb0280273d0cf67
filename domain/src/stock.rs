//! Stock figures: how many units a product or size shows as in stock, and the whole
//! numbers a stock may be.

/// 0 is out of stock, 1 to 10 low, above 10 in stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockStatus {
    InStock,
    LowStock,
    OutOfStock,
}

pub const LOW_STOCK_MAX: u32 = 10;

/// A size (or a one-size product) with this many units or fewer (but some) is running low:
/// the shop is alerted as a sale takes it there, and shoppers read 'Only N left'.
pub const RUNNING_LOW_AT: u32 = 3;

impl StockStatus {
    pub fn of(stock: u32) -> Self {
        match stock {
            0 => StockStatus::OutOfStock,
            1..=LOW_STOCK_MAX => StockStatus::LowStock,
            _ => StockStatus::InStock,
        }
    }

    pub const ALL: [StockStatus; 3] = [
        StockStatus::InStock,
        StockStatus::LowStock,
        StockStatus::OutOfStock,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StockStatus::InStock => "inStock",
            StockStatus::LowStock => "lowStock",
            StockStatus::OutOfStock => "outOfStock",
        }
    }
}

const MAX_STOCK: f64 = 1_000_000.0;

/// A stock figure as sent: a whole number from 0 to a million.
pub(crate) fn stock_count(raw: f64) -> Option<u32> {
    (raw >= 0.0 && raw.fract() == 0.0 && raw <= MAX_STOCK).then_some(raw as u32)
}

/// What a stock move sets off besides, in its transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockFollowUp {
    /// The shop is alerted of each size the move takes to the low mark (`LowStock::alerts`
    /// of the levels it left).
    AlertWhenLow,
    /// Shoppers waiting for a size the move brings back are told (`restock::answered_by`).
    AnswerWaiting,
}
