//! Payment links (`domain::payment_link`): staff send a phone order's customer a link, by
//! SMS and to share on WhatsApp, to a page of the order where the customer pays with any
//! method the shop takes online, without an account.

use super::{PhoneOrderError, PhonePayment, PhonePayments};
use crate::languages::Languages;
use crate::notifications::templates::{self, Sender};
use crate::payments::AcceptedMethods;
use crate::settings::CurrentSettings;
use chrono::{DateTime, Utc};
use derive_new::new;
use domain::checkout::PaymentChoiceInput;
use domain::message::texts::{ORDER_NOT_FOUND, PAY_LINK_NOT_FOUND};
use domain::notification::{Announcement, Topic};
use domain::order::Order;
use domain::payment_hold::PaymentHold;
use domain::payment_link::{
    link_methods, link_state, may_pay, LinkRefusal, LinkToken, PaymentLink,
};
use domain::payment_method::PaymentMethod;
use domain::permissions::{require, sees_money_of_order, Permission};
use domain::phone::whatsapp_message;
use domain::phone_order::PaymentState;
use domain::ports::{Clock, OrderRepository, Outbox, PaymentLinkRepository, SecretGenerator};
use domain::user::User;
use domain::OrderId;
use std::sync::Arc;

/// Where the links point and whether they go out by SMS.
#[derive(Debug, Clone)]
pub struct LinkAddress {
    /// `SHOP_PUBLIC_URL`, without a trailing slash.
    pub public_url: String,
    /// Whether this process sends text messages (an SMS provider is set up).
    pub sms_configured: bool,
}

/// A link sent: where it points, until when, and how staff may share it.
#[derive(Debug, Clone, PartialEq)]
pub struct SentLink {
    /// `None` for staff who do not see the order's money: its page and its message show the
    /// total, so only the customer receives it.
    pub url: Option<String>,
    pub expires_at: DateTime<Utc>,
    /// `https://wa.me/<number>?text=…`: WhatsApp opens a chat with the customer, the message
    /// with the link written. `None` as for `url`.
    pub whatsapp_url: Option<String>,
    /// Whether a text message with the link was queued to the customer's phone.
    pub sms_sent: bool,
}

/// A link's order as its page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkedOrder {
    pub order: Order,
    pub expires_at: DateTime<Utc>,
    /// Open to pay, a payment under way (the page waits for it), or paid.
    pub state: PaymentState,
    /// What the customer may pay with: nothing once it is paid.
    pub methods: Vec<PaymentMethod>,
}

/// Phone orders' payment links.
#[allow(clippy::too_many_arguments)] // derive_new's constructor takes each port
#[derive(new)]
pub struct PaymentLinks {
    orders: Arc<dyn OrderRepository>,
    links: Arc<dyn PaymentLinkRepository>,
    outbox: Arc<dyn Outbox>,
    secrets: Arc<dyn SecretGenerator>,
    clock: Arc<dyn Clock>,
    languages: Languages,
    settings: CurrentSettings,
    accepted: AcceptedMethods,
    payments: Arc<PhonePayments>,
    payment_hold: PaymentHold,
    address: LinkAddress,
}

impl PaymentLinks {
    /// Makes phone order `id` a new payment link (a link sent before stops working), and
    /// texts it to the customer (and e-mails it, when they have an address). The link itself
    /// is answered only to staff who see the order's money.
    pub async fn send(&self, actor: &User, id: &OrderId) -> Result<SentLink, PhoneOrderError> {
        require(actor, Permission::OrdersCreate)?;
        let order = self
            .orders
            .by_id(id)
            .await?
            .ok_or(PhoneOrderError::NotFound(ORDER_NOT_FOUND))?;
        let now = self.clock.now();
        let (link, path) = self.issue(&order, now).await?;
        let messages = Announcement::to_shopper(
            Topic::PaymentLink,
            order.id.as_str(),
            &order.customer_email,
            order.payment_phone.as_str(),
            Some(path.clone()),
        );
        self.outbox.enqueue(&messages, now).await?;
        let settings = self.settings.get().await?;
        let from = Sender {
            settings: &settings,
            public_url: Some(&self.address.public_url),
            hold_minutes: self.payment_hold.minutes(),
            language: self.languages.of(&order.user_id).await,
        };
        let letter = templates::payment_link(&order, &path, link.minutes_left(now), &from);
        let shared = sees_money_of_order(actor, &order);
        Ok(SentLink {
            url: shared.then(|| format!("{}{path}", self.address.public_url)),
            expires_at: link.expires_at,
            whatsapp_url: shared
                .then(|| whatsapp_message(order.payment_phone.as_str(), &letter.sms)),
            sms_sent: self.address.sms_configured && !order.payment_phone.as_str().is_empty(),
        })
    }

    /// A new link of `customer`'s own phone order `id`, for them to pay it on its page now;
    /// nothing is sent. A link sent before stops working: its holder is the one paying.
    /// Another's order is not found.
    pub async fn open_own(
        &self,
        customer: &User,
        id: &OrderId,
    ) -> Result<SentLink, PhoneOrderError> {
        let order = self
            .orders
            .by_id(id)
            .await?
            .filter(|order| order.user_id == customer.id)
            .ok_or(PhoneOrderError::NotFound(ORDER_NOT_FOUND))?;
        let (link, path) = self.issue(&order, self.clock.now()).await?;
        Ok(SentLink {
            url: Some(format!("{}{path}", self.address.public_url)),
            expires_at: link.expires_at,
            whatsapp_url: None,
            sms_sent: false,
        })
    }

    /// A new link of `order`, in place of its last, and the path of its page.
    async fn issue(
        &self,
        order: &Order,
        now: DateTime<Utc>,
    ) -> Result<(PaymentLink, String), PhoneOrderError> {
        let token = self.secrets.link_token();
        let link = PaymentLink::issue(order, &token, self.payment_hold, now)
            .map_err(PhoneOrderError::NotPayable)?;
        self.links.replace(&link).await?;
        Ok((link, token.path()))
    }

    /// The order of the link carrying `token`, while it may be paid, is being paid, or is
    /// paid.
    pub async fn open(&self, token: &str) -> Result<LinkedOrder, PhoneOrderError> {
        let (order, link) = self.linked(token).await?;
        let state = link_state(&order, self.payment_hold, self.clock.now())
            .map_err(|gone| PhoneOrderError::Gone(gone.0))?;
        let methods = match state {
            PaymentState::Settled => Vec::new(),
            _ => link_methods(&self.accepted.get().await?),
        };
        Ok(LinkedOrder {
            order,
            expires_at: link.expires_at,
            state,
            methods,
        })
    }

    /// Pays the order of the link carrying `token` as the customer chose: answered like a
    /// phone order's payment request. A second payment while one is under way or done is
    /// refused.
    pub async fn pay(
        &self,
        token: &str,
        choice: &PaymentChoiceInput,
    ) -> Result<PhonePayment, PhoneOrderError> {
        let (order, _) = self.linked(token).await?;
        match may_pay(&order, self.payment_hold, self.clock.now()) {
            Ok(()) => {}
            Err(LinkRefusal::Taken(why)) => return Err(PhoneOrderError::NotPayable(why)),
            Err(LinkRefusal::Gone(why)) => return Err(PhoneOrderError::Gone(why)),
        }
        let (method, phone) = choice.validate(&link_methods(&self.accepted.get().await?))?;
        self.payments.pay(order, method, phone).await
    }

    /// The link carrying `token` and its order; `NotFound` for a token no link carries now.
    async fn linked(&self, token: &str) -> Result<(Order, PaymentLink), PhoneOrderError> {
        let not_found = || PhoneOrderError::NotFound(PAY_LINK_NOT_FOUND);
        let token = LinkToken::parse(token).ok_or_else(not_found)?;
        let link = self
            .links
            .find(&token.hash())
            .await?
            .ok_or_else(not_found)?;
        let order = self
            .orders
            .by_id(&link.order_id)
            .await?
            .ok_or_else(not_found)?;
        Ok((order, link))
    }
}
