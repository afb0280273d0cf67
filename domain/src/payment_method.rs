//! The ways a shopper pays (DESIGN.md section 9, "Paying"): four Somali mobile wallets, cards
//! through WaafiPay's hosted page, and cash on delivery. A number's wallet comes from its
//! two-digit prefix, in the one table below; the API lists it so no screen keeps a copy.

use crate::phone::MobileNumber;
use std::fmt;

/// How an order is paid: its id in requests and stored orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentMethod {
    EvcPlus,
    Zaad,
    Sahal,
    Edahab,
    Card,
    CashOnDelivery,
}

/// What kind of payment a method is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentKind {
    /// A mobile wallet: the payer confirms the charge with a PIN on the phone.
    Wallet,
    /// Visa or Mastercard on WaafiPay's hosted page.
    Card,
    /// Paid to the rider when the parcel arrives.
    Cash,
}

/// Who carries a method's money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentProvider {
    /// WaafiPay's `API_PURCHASE`: EVC Plus, ZAAD and SAHAL (the number picks the wallet).
    WaafiPayWallet,
    /// WaafiPay's hosted payment page.
    WaafiPayCard,
    /// Somtel's eDahab invoices.
    Edahab,
    /// Nobody: the rider collects it.
    Rider,
}

/// How a refund of a payment goes back to its payer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundWay {
    /// The provider reverses or refunds its charge when the shop asks.
    Provider,
    /// Nobody can be asked: staff pay it out by hand (cash, or from a merchant wallet).
    ByHand,
}

impl RefundWay {
    pub const ALL: [RefundWay; 2] = [RefundWay::Provider, RefundWay::ByHand];

    pub fn id(self) -> &'static str {
        match self {
            RefundWay::Provider => "provider",
            RefundWay::ByHand => "by-hand",
        }
    }
}

/// The company whose merchant account holds a provider's money, where staff check a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MerchantAccount {
    WaafiPay,
    Edahab,
}

impl MerchantAccount {
    pub const ALL: [MerchantAccount; 2] = [MerchantAccount::WaafiPay, MerchantAccount::Edahab];

    pub fn id(self) -> &'static str {
        match self {
            MerchantAccount::WaafiPay => "waafipay",
            MerchantAccount::Edahab => "edahab",
        }
    }

    /// Its name as merchants know it.
    pub fn name(self) -> &'static str {
        match self {
            MerchantAccount::WaafiPay => "WaafiPay",
            MerchantAccount::Edahab => "eDahab",
        }
    }
}

impl PaymentProvider {
    pub const ALL: [PaymentProvider; 4] = [
        PaymentProvider::WaafiPayWallet,
        PaymentProvider::WaafiPayCard,
        PaymentProvider::Edahab,
        PaymentProvider::Rider,
    ];

    /// Whose merchant account its money reaches; the rider's cash reaches none.
    pub fn account(self) -> Option<MerchantAccount> {
        match self {
            PaymentProvider::WaafiPayWallet | PaymentProvider::WaafiPayCard => {
                Some(MerchantAccount::WaafiPay)
            }
            PaymentProvider::Edahab => Some(MerchantAccount::Edahab),
            PaymentProvider::Rider => None,
        }
    }

    /// Whether it can be asked later what became of a payment: an eDahab invoice stays open
    /// for the payer, a card page is paid apart from the shop. A wallet's purchase answers in
    /// its own call, and a rider's cash is recorded by the rider.
    pub fn can_be_asked_again(self) -> bool {
        matches!(
            self,
            PaymentProvider::Edahab | PaymentProvider::WaafiPayCard
        )
    }

    /// Whether its payment is an invoice kept open under the provider's own reference, so a
    /// charge whose call has not answered with that reference yet has nothing to ask about.
    pub fn keeps_invoice_open(self) -> bool {
        self == PaymentProvider::Edahab
    }

    /// How a refund goes back: through the provider, or by hand when it holds no charge.
    pub fn refunds(self) -> RefundWay {
        match self {
            PaymentProvider::Rider => RefundWay::ByHand,
            _ => RefundWay::Provider,
        }
    }

    /// Its id in the API and the reconciliation.
    pub fn id(self) -> &'static str {
        match self {
            PaymentProvider::WaafiPayWallet => "waafipay",
            PaymentProvider::WaafiPayCard => "waafipay-card",
            PaymentProvider::Edahab => "edahab",
            PaymentProvider::Rider => "rider",
        }
    }
}

/// The two-digit prefixes of each wallet's numbers (after 252). Sources: WaafiPay's docs,
/// `ahmedibra28/waafipay-api` `src/lib/valid.ts`, Wikipedia "Mobile money in Somalia".
const WALLET_PREFIXES: [(&str, PaymentMethod); 7] = [
    ("61", PaymentMethod::EvcPlus),
    ("77", PaymentMethod::EvcPlus),
    ("63", PaymentMethod::Zaad),
    ("90", PaymentMethod::Sahal),
    ("62", PaymentMethod::Edahab),
    ("65", PaymentMethod::Edahab),
    ("66", PaymentMethod::Edahab),
];

impl PaymentMethod {
    /// Every method, in the order checkout offers them.
    pub const ALL: [PaymentMethod; 6] = [
        PaymentMethod::EvcPlus,
        PaymentMethod::Zaad,
        PaymentMethod::Sahal,
        PaymentMethod::Edahab,
        PaymentMethod::Card,
        PaymentMethod::CashOnDelivery,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PaymentMethod::EvcPlus => "evc-plus",
            PaymentMethod::Zaad => "zaad",
            PaymentMethod::Sahal => "sahal",
            PaymentMethod::Edahab => "edahab",
            PaymentMethod::Card => "card",
            PaymentMethod::CashOnDelivery => "cash-on-delivery",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|method| method.id() == id)
    }

    /// Its name as shoppers know it (brand names are the same in every language).
    pub fn name(self) -> &'static str {
        match self {
            PaymentMethod::EvcPlus => "EVC Plus",
            PaymentMethod::Zaad => "ZAAD",
            PaymentMethod::Sahal => "SAHAL",
            PaymentMethod::Edahab => "eDahab",
            PaymentMethod::Card => "Card",
            PaymentMethod::CashOnDelivery => "Cash on delivery",
        }
    }

    pub fn kind(self) -> PaymentKind {
        match self {
            PaymentMethod::EvcPlus
            | PaymentMethod::Zaad
            | PaymentMethod::Sahal
            | PaymentMethod::Edahab => PaymentKind::Wallet,
            PaymentMethod::Card => PaymentKind::Card,
            PaymentMethod::CashOnDelivery => PaymentKind::Cash,
        }
    }

    pub fn provider(self) -> PaymentProvider {
        match self {
            PaymentMethod::EvcPlus | PaymentMethod::Zaad | PaymentMethod::Sahal => {
                PaymentProvider::WaafiPayWallet
            }
            PaymentMethod::Edahab => PaymentProvider::Edahab,
            PaymentMethod::Card => PaymentProvider::WaafiPayCard,
            PaymentMethod::CashOnDelivery => PaymentProvider::Rider,
        }
    }

    /// The methods whose providers can be asked again about a payment.
    pub fn asked_again() -> Vec<PaymentMethod> {
        Self::ALL
            .into_iter()
            .filter(|method| method.provider().can_be_asked_again())
            .collect()
    }

    /// Whether staff may pay a refund out by hand through it: money can be sent to a wallet's
    /// number, not to a card or a rider.
    pub fn takes_payouts(self) -> bool {
        self.kind() == PaymentKind::Wallet
    }

    /// A wallet's number prefixes; none for a card or cash.
    pub fn prefixes(self) -> Vec<&'static str> {
        WALLET_PREFIXES
            .iter()
            .filter(|(_, wallet)| *wallet == self)
            .map(|(prefix, _)| *prefix)
            .collect()
    }

    /// The wallet a number belongs to; `None` for a Somali number of no wallet the shop takes.
    pub fn wallet_of(number: &MobileNumber) -> Option<Self> {
        let prefix = number.national().get(..2)?;
        WALLET_PREFIXES
            .iter()
            .find(|(p, _)| *p == prefix)
            .map(|(_, wallet)| *wallet)
    }

    /// The wallets of `methods`, named for a message in any language: "EVC Plus, ZAAD".
    pub fn named_wallets(methods: &[PaymentMethod]) -> String {
        let names: Vec<&str> = methods
            .iter()
            .filter(|m| m.kind() == PaymentKind::Wallet)
            .map(|m| m.name())
            .collect();
        names.join(", ")
    }
}

impl fmt::Display for PaymentMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl PaymentKind {
    pub fn id(self) -> &'static str {
        match self {
            PaymentKind::Wallet => "wallet",
            PaymentKind::Card => "card",
            PaymentKind::Cash => "cash",
        }
    }

    pub const ALL: [PaymentKind; 3] = [PaymentKind::Wallet, PaymentKind::Card, PaymentKind::Cash];
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wallet(raw: &str) -> Option<PaymentMethod> {
        PaymentMethod::wallet_of(&MobileNumber::parse(raw).unwrap())
    }

    #[test]
    fn a_numbers_prefix_names_its_wallet() {
        assert_eq!(wallet("61 555 1234"), Some(PaymentMethod::EvcPlus));
        assert_eq!(wallet("0771234567"), Some(PaymentMethod::EvcPlus));
        assert_eq!(wallet("+252 63 444 1234"), Some(PaymentMethod::Zaad));
        assert_eq!(wallet("907654321"), Some(PaymentMethod::Sahal));
        for edahab in ["621234567", "651234567", "661234567"] {
            assert_eq!(wallet(edahab), Some(PaymentMethod::Edahab), "{edahab}");
        }
        // Somnet (68) and Soltelco (67) numbers are Somali, but of no wallet the shop takes.
        assert_eq!(wallet("681234567"), None);
        assert_eq!(wallet("671234567"), None);
    }

    #[test]
    fn each_wallet_lists_its_prefixes_and_only_wallets_have_them() {
        assert_eq!(PaymentMethod::EvcPlus.prefixes(), ["61", "77"]);
        assert_eq!(PaymentMethod::Zaad.prefixes(), ["63"]);
        assert_eq!(PaymentMethod::Sahal.prefixes(), ["90"]);
        assert_eq!(PaymentMethod::Edahab.prefixes(), ["62", "65", "66"]);
        assert!(PaymentMethod::Card.prefixes().is_empty());
        assert!(PaymentMethod::CashOnDelivery.prefixes().is_empty());
    }

    #[test]
    fn ids_round_trip_and_unknown_ids_are_refused() {
        for method in PaymentMethod::ALL {
            assert_eq!(PaymentMethod::parse(method.id()), Some(method));
        }
        assert_eq!(PaymentMethod::parse("EVC-PLUS"), None);
        assert_eq!(PaymentMethod::parse("paypal"), None);
    }

    #[test]
    fn wallets_go_through_their_own_provider() {
        assert_eq!(
            PaymentMethod::Zaad.provider(),
            PaymentProvider::WaafiPayWallet
        );
        assert_eq!(PaymentMethod::Edahab.provider(), PaymentProvider::Edahab);
        assert_eq!(
            PaymentMethod::Card.provider(),
            PaymentProvider::WaafiPayCard
        );
        assert_eq!(PaymentMethod::Card.kind(), PaymentKind::Card);
        assert_eq!(PaymentMethod::CashOnDelivery.kind(), PaymentKind::Cash);
    }

    #[test]
    fn providers_say_what_they_can_do() {
        use PaymentMethod::*;
        assert_eq!(PaymentMethod::asked_again(), [Edahab, Card]);
        assert!(PaymentProvider::Edahab.keeps_invoice_open());
        assert!(!PaymentProvider::WaafiPayCard.keeps_invoice_open());
        assert_eq!(CashOnDelivery.provider().refunds(), RefundWay::ByHand);
        for method in [EvcPlus, Zaad, Sahal, Edahab, Card] {
            assert_eq!(method.provider().refunds(), RefundWay::Provider, "{method}");
        }
        let payouts: Vec<_> = PaymentMethod::ALL
            .into_iter()
            .filter(|m| m.takes_payouts())
            .collect();
        assert_eq!(payouts, [EvcPlus, Zaad, Sahal, Edahab]);
        assert_eq!(Card.provider().account(), Some(MerchantAccount::WaafiPay));
        assert_eq!(Edahab.provider().account(), Some(MerchantAccount::Edahab));
        assert_eq!(CashOnDelivery.provider().account(), None);
    }

    #[test]
    fn wallets_are_named_as_a_list_for_messages() {
        use PaymentMethod::*;
        assert_eq!(
            PaymentMethod::named_wallets(&[EvcPlus, Zaad, Sahal, Edahab, Card]),
            "EVC Plus, ZAAD, SAHAL, eDahab"
        );
        assert_eq!(PaymentMethod::named_wallets(&[Zaad, Card]), "ZAAD");
    }
}
