//! Orders on their way as the API shows them: an order's delivery, the back office's
//! dispatch and rider lists, and a rider's own deliveries (issue 43).

use super::{AddressDto, ChangerDto};
use chrono::NaiveDate;
use domain::delivery::{Delivery, RiderCash};
use domain::money::Money;
use domain::order::Order;
use domain::phone::PhoneLinks;
use domain::user::User;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// An attempt a rider made that failed.
#[derive(Serialize, ToSchema)]
pub struct AttemptDto {
    pub at: String,
    /// `unreachable`, `refused`, `wrongAddress` or `anotherDay`.
    pub reason: &'static str,
}

/// An order's way to the shopper, once it first went out.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDeliveryDto {
    /// The rider's first name, as the shopper is told it.
    pub rider_name: String,
    /// The number the rider calls from.
    pub rider_phone: String,
    /// `tel:` link calling the rider; null without a number.
    pub rider_call_url: Option<String>,
    /// `out` (with the rider), `delivered` or `failed` (brought back, waiting to go out again).
    pub state: &'static str,
    pub attempts: Vec<AttemptDto>,
    pub delivered_at: Option<String>,
    /// Five wrong codes were typed: the shop must reset the code before the rider tries again.
    pub code_locked: bool,
}

impl From<&Delivery> for OrderDeliveryDto {
    fn from(delivery: &Delivery) -> Self {
        Self {
            rider_name: delivery.rider.first_name().to_owned(),
            rider_phone: delivery.rider.phone.clone(),
            rider_call_url: PhoneLinks::of(&delivery.rider.phone).map(|links| links.call),
            state: delivery.state.as_str(),
            attempts: delivery
                .attempts
                .iter()
                .map(|attempt| AttemptDto {
                    at: attempt.at.to_rfc3339(),
                    reason: attempt.reason.as_str(),
                })
                .collect(),
            delivered_at: delivery.delivered_at.map(|at| at.to_rfc3339()),
            code_locked: delivery.code_locked(),
        }
    }
}

/// Orders to send out with a rider.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchBody {
    #[serde(default)]
    #[schema(min_items = 1, max_items = 100)]
    pub order_ids: Vec<String>,
    #[serde(default)]
    pub rider_id: String,
}

/// The Deliveries screen's list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryListQuery {
    /// `toDispatch` (the default), `out` or `failed`.
    pub status: Option<String>,
    /// The address's city, as the zones name it.
    pub city: Option<String>,
    pub district: Option<String>,
    /// Orders out with (or brought back by) this rider.
    pub rider_id: Option<String>,
    /// The page, from 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

/// A rider of the shop, to send orders out with.
#[derive(Serialize, ToSchema)]
pub struct RiderDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub phone: String,
}

impl From<&User> for RiderDto {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            name: user.name.clone(),
            phone: user.phone.clone(),
        }
    }
}

/// A rider's cash of a day.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RiderCashDto {
    pub rider_id: String,
    pub rider_name: String,
    /// The day (East Africa Time), YYYY-MM-DD.
    pub date: String,
    /// Cash orders delivered that day.
    pub deliveries: u32,
    /// Dollars collected.
    pub collected: f64,
    /// Dollars the day's hand-ins covered.
    pub handed_in: f64,
    /// Dollars the rider still holds: `Mark received` takes them.
    pub to_hand_in: f64,
    /// Each time the rider handed cash in that day, oldest first.
    pub hand_ins: Vec<CashHandInDto>,
    /// The day's last hand-in (null before the first), `collected` being all the day's
    /// hand-ins covered by then.
    pub received: Option<CashReceiptDto>,
}

/// The cash a rider holds today: collected on their cash deliveries, less what they handed
/// in.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyCashDto {
    /// Today (East Africa Time), YYYY-MM-DD.
    pub date: String,
    /// Cash orders they delivered today.
    pub deliveries: u32,
    /// Dollars collected.
    pub collected: f64,
    /// Dollars handed in.
    pub handed_in: f64,
    /// Dollars still in hand.
    pub in_hand: f64,
}

impl MyCashDto {
    pub fn of(day: NaiveDate, cash: Option<&RiderCash>) -> Self {
        let dollars =
            |amount: fn(&RiderCash) -> Money| cash.map_or(0.0, |c| amount(c).as_dollars());
        Self {
            date: day.to_string(),
            deliveries: cash.map_or(0, |c| c.deliveries),
            collected: dollars(|c| c.collected),
            handed_in: dollars(RiderCash::handed_in),
            in_hand: dollars(RiderCash::to_hand_in),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CashReceiptDto {
    /// Dollars the day's hand-ins had covered when it was received.
    pub collected: f64,
    pub at: String,
    pub by: ChangerDto,
}

/// One hand-in: what it covered, when and who received it.
#[derive(Serialize, ToSchema)]
pub struct CashHandInDto {
    /// Dollars of the deliveries it covered.
    pub amount: f64,
    /// Cash deliveries it covered.
    pub deliveries: u32,
    pub at: String,
    pub by: ChangerDto,
}

impl RiderCashDto {
    pub fn of(cash: &RiderCash, day: NaiveDate) -> Self {
        let handed_in = cash.handed_in();
        Self {
            rider_id: cash.rider.to_string(),
            rider_name: cash.rider_name.clone(),
            date: day.to_string(),
            deliveries: cash.deliveries,
            collected: cash.collected.as_dollars(),
            handed_in: handed_in.as_dollars(),
            to_hand_in: cash.to_hand_in().as_dollars(),
            hand_ins: cash
                .hand_ins
                .iter()
                .map(|hand_in| CashHandInDto {
                    amount: hand_in.amount.as_dollars(),
                    deliveries: hand_in.deliveries,
                    at: hand_in.at.to_rfc3339(),
                    by: ChangerDto::from(&hand_in.by),
                })
                .collect(),
            received: cash.hand_ins.last().map(|last| CashReceiptDto {
                collected: handed_in.as_dollars(),
                at: last.at.to_rfc3339(),
                by: ChangerDto::from(&last.by),
            }),
        }
    }
}

/// The day whose cash is listed.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RiderCashQuery {
    /// YYYY-MM-DD (East Africa Time); today without it.
    pub date: Option<String>,
}

/// The code the shopper gave, and the cash collected for an order paid in cash.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveredBody {
    #[serde(default)]
    #[schema(example = "0427")]
    pub code: String,
    /// Dollars: for an order paid in cash on delivery, its total (required); ignored for
    /// another.
    pub cash_collected: Option<f64>,
}

#[derive(Deserialize, ToSchema)]
pub struct NotDeliveredBody {
    /// `unreachable`, `refused`, `wrongAddress` or `anotherDay`.
    #[serde(default)]
    pub reason: String,
}

/// One of a rider's deliveries, as their phone screen shows it: who, where, and what to
/// collect; never the code, nor what the items cost.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RiderDeliveryDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// The order's number (`OrderDto::number`), as the customer knows it.
    pub number: u32,
    /// `pending` (brought back), `shipped` (out) or `delivered`.
    pub status: &'static str,
    pub customer_name: String,
    pub shipping_address: Option<AddressDto>,
    /// How many items the parcel holds.
    pub item_count: u32,
    /// Dollars to collect in cash: the total of an order paid in cash on delivery not paid
    /// yet, else 0.
    pub cash_to_collect: f64,
    /// `tel:` link calling the customer at the address's number; null without one.
    pub call_url: Option<String>,
    /// The WhatsApp chat with that number; null without one.
    pub whatsapp_url: Option<String>,
    pub delivery: Option<OrderDeliveryDto>,
}

impl From<&Order> for RiderDeliveryDto {
    fn from(order: &Order) -> Self {
        let cash = order.owes_cash_to_rider();
        let links = order
            .shipping_address
            .as_ref()
            .and_then(|address| PhoneLinks::of(&address.phone));
        Self {
            id: order.id.to_string(),
            number: order.number.get(),
            status: order.status.as_str(),
            customer_name: order.customer_name.clone(),
            shipping_address: order.shipping_address.as_ref().map(AddressDto::from),
            item_count: order.lines.iter().map(|line| line.quantity).sum(),
            cash_to_collect: if cash { order.total.as_dollars() } else { 0.0 },
            call_url: links.as_ref().map(|l| l.call.clone()),
            whatsapp_url: links.map(|l| l.whatsapp),
            delivery: order.delivery.as_ref().map(OrderDeliveryDto::from),
        }
    }
}
