//! The words of the shopper's messages in each language the shop speaks: a shopper hears
//! them in the language they last used. `templates` lays them out; the
//! shop's own alerts stay English, as the back office does.

use domain::delivery::{Delivery, NotDelivered};
use domain::language::Language::{self, English, Somali};
use domain::message::counted;
use domain::notification::Topic;
use domain::payment_method::{PaymentKind, PaymentMethod};
use domain::returns::ReturnStatus;
use domain::Money;

/// A message's subject, its text message and its e-mail's paragraphs.
pub(super) struct Texts {
    pub subject: String,
    pub sms: String,
    pub paragraphs: Vec<String>,
}

/// Words used on their own: labels of a table's rows and of links.
#[derive(Clone, Copy)]
pub(super) enum Label {
    Shipping,
    Total,
    ViewOrder,
    ViewProduct,
    ChooseNewPassword,
    PayNow,
}

pub(super) fn label(language: Language, label: Label) -> &'static str {
    match (language, label) {
        (English, Label::Shipping) => "Shipping",
        (English, Label::Total) => "Total",
        (English, Label::ViewOrder) => "View your order",
        (English, Label::ViewProduct) => "See it in the shop",
        (English, Label::ChooseNewPassword) => "Choose a new password",
        (Somali, Label::Shipping) => "Gaarsiinta",
        (Somali, Label::Total) => "Wadarta",
        (Somali, Label::ViewOrder) => "Eeg dalabkaaga",
        (Somali, Label::ViewProduct) => "Ka eeg dukaanka",
        (Somali, Label::ChooseNewPassword) => "Dooro fure sir ah oo cusub",
        (English, Label::PayNow) => "Pay now",
        (Somali, Label::PayNow) => "Hadda bixi",
    }
}

pub(super) fn discount(language: Language, code: &str) -> String {
    match language {
        English => format!("Discount ({code})"),
        Somali => format!("Qiimo-dhimis ({code})"),
    }
}

/// The greeting, by the first name.
pub(super) fn hello(language: Language, name: &str) -> String {
    let first = name.split_whitespace().next();
    match (language, first) {
        (English, Some(first)) => format!("Hello {first},"),
        (English, None) => "Hello,".to_owned(),
        (Somali, Some(first)) => format!("Salaan {first},"),
        (Somali, None) => "Salaan,".to_owned(),
    }
}

/// The confirmation's thanks for a payment, naming how it was paid: by card, by a wallet,
/// or (an order confirmed by the shop with no method chosen) not at all.
fn payment_received(
    language: Language,
    number: &str,
    total: Money,
    method: Option<PaymentMethod>,
) -> String {
    let kind = method.map(PaymentMethod::kind);
    let wallet = method_name(method);
    match (language, kind) {
        (English, None) => format!("Thank you for your order {number}. We have received your payment of {total}."),
        (English, Some(PaymentKind::Card)) => format!("Thank you for your order {number}. We have received your payment of {total} by card."),
        (English, Some(_)) => format!("Thank you for your order {number}. We have received your payment of {total} by {wallet}."),
        (Somali, None) => format!("Waad ku mahadsan tahay dalabkaaga {number}. Waxaan helnay lacagtaadii {total}."),
        (Somali, Some(PaymentKind::Card)) => format!("Waad ku mahadsan tahay dalabkaaga {number}. Waxaan helnay lacagtaadii {total} ee aad ku bixisay kaar."),
        (Somali, Some(_)) => format!("Waad ku mahadsan tahay dalabkaaga {number}. Waxaan helnay lacagtaadii {total} ee aad ku bixisay {wallet}."),
    }
}

/// Where a refund goes: the payer's wallet number, or the card that paid. `phone` is left
/// out of a text message.
fn refunded_to(language: Language, method: Option<PaymentMethod>, phone: Option<&str>) -> String {
    let number = phone.map(|phone| format!(" {phone}")).unwrap_or_default();
    match (language, method.map(PaymentMethod::kind)) {
        (English, Some(PaymentKind::Card)) => "your card".to_owned(),
        (Somali, Some(PaymentKind::Card)) => "kaarkaaga".to_owned(),
        (English, None) => format!("your number{number}"),
        (Somali, None) => format!("lambarkaaga{number}"),
        (English, Some(_)) => format!("your {} number{number}", method_name(method)),
        (Somali, Some(_)) => format!("lambarkaaga {}{number}", method_name(method)),
    }
}

/// A method's name; empty before one is chosen.
fn method_name(method: Option<PaymentMethod>) -> &'static str {
    method.map_or("", PaymentMethod::name)
}

/// What an order's message needs to say, beyond its number and total.
pub(super) struct OrderFacts<'a> {
    pub number: &'a str,
    pub total: Money,
    /// How long an unconfirmed payment keeps its order, in minutes.
    pub hold_minutes: i64,
    pub address: Option<String>,
    /// How the order was paid; `None` before its customer chose (a phone order).
    pub method: Option<PaymentMethod>,
    /// A cancel because the provider never confirmed the payment.
    pub hold_expired: bool,
    /// What went back to the shopper, and to which number (a wallet's).
    pub refund: Option<(Money, &'a str)>,
    /// Its delivery, once it went out with a rider: the rider and the code the shopper gives.
    pub delivery: Option<&'a Delivery>,
}

/// A message to the shopper about their order (`topic`: confirmed, payment not confirmed,
/// shipped, delivered or canceled).
pub(super) fn about_order(language: Language, topic: Topic, facts: &OrderFacts) -> Texts {
    let OrderFacts {
        number,
        total,
        hold_minutes,
        method,
        ..
    } = *facts;
    let wallet = method_name(method);
    let texts = |subject: String, sms: String, paragraphs: Vec<String>| Texts {
        subject,
        sms,
        paragraphs,
    };
    match (language, topic) {
        (language, Topic::OrderConfirmed) if method == Some(PaymentMethod::CashOnDelivery) => {
            cash_order_confirmed(language, facts)
        }
        (English, Topic::OrderConfirmed) => texts(
            format!("Order {number} confirmed"),
            format!("order {number} confirmed, {total} paid. We will tell you when it ships."),
            vec![
                payment_received(English, number, total, method),
                "We will let you know when it ships.".to_owned(),
            ],
        ),
        (Somali, Topic::OrderConfirmed) => texts(
            format!("Dalabka {number} waa la xaqiijiyey"),
            format!("dalabka {number} waa la xaqiijiyey, {total} waa la bixiyey. Waan kuu sheegi doonnaa marka la soo diro."),
            vec![
                payment_received(Somali, number, total, method),
                "Waan kuu sheegi doonnaa marka la soo diro.".to_owned(),
            ],
        ),
        (English, Topic::PaymentUnconfirmed) => texts(
            format!("Order {number}: payment not confirmed yet"),
            format!("{wallet} has not confirmed your payment of {total} for order {number} yet. If you approved it, there is nothing to do."),
            vec![
                format!("We have saved your order {number} of {total}, but {wallet} has not confirmed your payment yet."),
                format!("If you approved it on your phone, there is nothing to do: we confirm the order as soon as {wallet} does."),
                format!("If no payment arrives within {}, the order is canceled and nothing is charged.", counted(hold_minutes, "minute", "minutes")),
            ],
        ),
        (Somali, Topic::PaymentUnconfirmed) => texts(
            format!("Dalabka {number}: lacag bixinta weli lama xaqiijin"),
            format!("{wallet} weli ma xaqiijin lacagtaada {total} ee dalabka {number}. Haddii aad ogolaatay, waxba kaa ma doonayaan."),
            vec![
                format!("Waan kaydinnay dalabkaaga {number} oo ah {total}, laakiin {wallet} weli ma xaqiijin lacag bixintaada."),
                format!("Haddii aad taleefankaaga ku ogolaatay, waxba kaa ma doonayaan: dalabka waan xaqiijinaynaa isla marka {wallet} xaqiijiso."),
                format!("Haddii lacagtu imaan waydo {hold_minutes} daqiiqo gudahood, dalabka waa la joojinayaa, lacagna lagaa ma jarayo."),
            ],
        ),
        (language, Topic::OrderShipped) if facts.delivery.is_some() => {
            on_its_way(language, facts, facts.delivery.expect("checked"))
        }
        (language, Topic::DeliveryFailed) => not_delivered(language, facts),
        (English, Topic::OrderShipped) => texts(
            format!("Order {number} has shipped"),
            format!("order {number} has shipped and is on its way to you."),
            vec![match &facts.address {
                Some(address) => format!("Your order {number} has shipped and is on its way to {address}."),
                None => format!("Your order {number} has shipped and is on its way to you."),
            }],
        ),
        (Somali, Topic::OrderShipped) => texts(
            format!("Dalabka {number} waa la soo diray"),
            format!("dalabka {number} waa la soo diray, wuuna kuu soo socdaa."),
            vec![match &facts.address {
                Some(address) => format!("Dalabkaaga {number} waa la soo diray, wuxuuna u socdaa {address}."),
                None => format!("Dalabkaaga {number} waa la soo diray, wuuna kuu soo socdaa."),
            }],
        ),
        (English, Topic::OrderDelivered) => texts(
            format!("Order {number} was delivered"),
            format!("order {number} was delivered. Enjoy it!"),
            vec![
                format!("Your order {number} was delivered. We hope you enjoy it."),
                "Something not right? You can return items within 30 days of delivery from your order's page.".to_owned(),
            ],
        ),
        (Somali, Topic::OrderDelivered) => texts(
            format!("Dalabka {number} waa la keenay"),
            format!("dalabka {number} waa la keenay. Ku raaxayso!"),
            vec![
                format!("Dalabkaaga {number} waa la keenay. Waxaan rajaynaynaa inaad ku raaxaysato."),
                "Wax ma khaldan yihiin? Alaabta waxaad ka soo celin kartaa bogga dalabkaaga 30 maalmood gudahood laga bilaabo maalinta la keenay.".to_owned(),
            ],
        ),
        (language, _) => canceled(language, facts),
    }
}

/// A cash order confirmed as placed: the shopper pays the rider.
fn cash_order_confirmed(language: Language, facts: &OrderFacts) -> Texts {
    let OrderFacts { number, total, .. } = *facts;
    match language {
        English => Texts {
            subject: format!("Order {number} confirmed"),
            sms: format!("order {number} confirmed. Pay {total} in cash to the rider when it arrives. We will tell you when it is on its way."),
            paragraphs: vec![
                format!("Thank you for your order {number}. You pay {total} in cash to the rider when it arrives."),
                "We will let you know when it is on its way.".to_owned(),
            ],
        },
        Somali => Texts {
            subject: format!("Dalabka {number} waa la xaqiijiyey"),
            sms: format!("dalabka {number} waa la xaqiijiyey. Gaarsiiyaha sii {total} lacag caddaan ah marka uu yimaado. Waan kuu sheegi doonnaa marka uu kuu soo socdo."),
            paragraphs: vec![
                format!("Waad ku mahadsan tahay dalabkaaga {number}. Gaarsiiyaha waxaad siin doontaa {total} lacag caddaan ah marka uu yimaado."),
                "Waan kuu sheegi doonnaa marka uu kuu soo socdo.".to_owned(),
            ],
        },
    }
}

/// 'On its way' with a rider: their first name and phone, and the delivery code.
fn on_its_way(language: Language, facts: &OrderFacts, delivery: &Delivery) -> Texts {
    let number = facts.number;
    let rider = delivery.rider.first_name();
    let phone = &delivery.rider.phone;
    let code = delivery.code.as_str();
    let to = facts.address.as_deref();
    match language {
        English => Texts {
            subject: format!("Order {number} is on its way"),
            sms: format!("order {number} is on its way with {rider} ({phone}). Your delivery code is {code}: give it to the rider when the parcel is in your hands."),
            paragraphs: vec![
                match to {
                    Some(address) => format!("Your order {number} is on its way to {address} with our rider {rider}, who will call you on arrival: {phone}."),
                    None => format!("Your order {number} is on its way with our rider {rider}, who will call you on arrival: {phone}."),
                },
                format!("Your delivery code is {code}. Give it to the rider only when your parcel is in your hands."),
            ],
        },
        Somali => Texts {
            subject: format!("Dalabka {number} waa kuu soo socdaa"),
            sms: format!("dalabka {number} waa kuu soo socdaa, waxaa wada {rider} ({phone}). Koodhkaaga gaarsiinta waa {code}: sii gaarsiiyaha marka xirmadu gacantaada soo gasho."),
            paragraphs: vec![
                match to {
                    Some(address) => format!("Dalabkaaga {number} wuxuu u socdaa {address}, waxaana wada gaarsiiyahayaga {rider}, oo ku soo wici doona markuu yimaado: {phone}."),
                    None => format!("Dalabkaaga {number} waa kuu soo socdaa, waxaana wada gaarsiiyahayaga {rider}, oo ku soo wici doona markuu yimaado: {phone}."),
                },
                format!("Koodhkaaga gaarsiinta waa {code}. Sii gaarsiiyaha oo keliya marka xirmadaadu gacantaada ku jirto."),
            ],
        },
    }
}

/// A rider brought the order back: why, and that it goes out again.
fn not_delivered(language: Language, facts: &OrderFacts) -> Texts {
    let number = facts.number;
    let reason = facts
        .delivery
        .and_then(|delivery| delivery.attempts.last())
        .map(|attempt| attempt.reason);
    let why = match (language, reason) {
        (English, Some(NotDelivered::Unreachable)) => "we could not reach you by phone",
        (English, Some(NotDelivered::Refused)) => "the parcel was refused",
        (English, Some(NotDelivered::WrongAddress)) => "the address could not be found",
        (English, Some(NotDelivered::AnotherDay)) => "you asked for another day",
        (English, None) => "the rider could not hand it over",
        (Somali, Some(NotDelivered::Unreachable)) => "taleefanka lagugu ma helin",
        (Somali, Some(NotDelivered::Refused)) => "xirmada waa la diiday",
        (Somali, Some(NotDelivered::WrongAddress)) => "ciwaanka lama helin",
        (Somali, Some(NotDelivered::AnotherDay)) => "waxaad codsatay maalin kale",
        (Somali, None) => "gaarsiiyuhu kuma wareejin karin",
    };
    match language {
        English => Texts {
            subject: format!("Order {number}: we could not deliver it today"),
            sms: format!("we could not deliver order {number} today ({why}). We will call you to bring it again."),
            paragraphs: vec![
                format!("Our rider could not deliver your order {number} today: {why}."),
                "We will contact you to bring it again. Call us if you would like another time or place.".to_owned(),
            ],
        },
        Somali => Texts {
            subject: format!("Dalabka {number}: maanta lama keeni karin"),
            sms: format!("dalabka {number} maanta lama keenin ({why}). Waan ku soo wici doonnaa si aan mar kale u keenno."),
            paragraphs: vec![
                format!("Gaarsiiyahayagu maanta ma keeni karin dalabkaaga {number}: {why}."),
                "Waan kula soo xiriiri doonnaa si aan mar kale u keenno. Na soo wac haddii aad rabto waqti ama meel kale.".to_owned(),
            ],
        },
    }
}

fn canceled(language: Language, facts: &OrderFacts) -> Texts {
    let number = facts.number;
    let mut paragraphs = vec![match language {
        English => format!("Your order {number} was canceled."),
        Somali => format!("Dalabkaaga {number} waa la joojiyey."),
    }];
    let method = facts.method;
    if facts.hold_expired {
        paragraphs.push(match (language, method.map(PaymentMethod::kind)) {
            (English, Some(PaymentKind::Card)) => {
                "The card payment was not confirmed in time.".to_owned()
            }
            (Somali, Some(PaymentKind::Card)) => {
                "Lacag-bixinta kaarka lama xaqiijin waqtigeedii.".to_owned()
            }
            (English, None) => "It was not paid in time.".to_owned(),
            (Somali, None) => "Lacagteeda lama bixin waqtigeedii.".to_owned(),
            (English, Some(_)) => {
                format!(
                    "{} did not confirm its payment in time.",
                    method_name(method)
                )
            }
            (Somali, Some(_)) => {
                format!(
                    "{} ma xaqiijin lacag bixinta waqtigeedii.",
                    method_name(method)
                )
            }
        });
    }
    let sms = match (language, facts.refund) {
        (English, Some((refund, phone))) => {
            let to = refunded_to(language, method, Some(phone));
            paragraphs.push(format!("We have refunded {refund} to {to}."));
            let to = refunded_to(language, method, None);
            format!("order {number} was canceled and {refund} refunded to {to}.")
        }
        (Somali, Some((refund, phone))) => {
            let to = refunded_to(language, method, Some(phone));
            paragraphs.push(format!("Waxaan {refund} dib ugu celinnay {to}."));
            let to = refunded_to(language, method, None);
            format!("dalabka {number} waa la joojiyey, {refund} waxaa dib loogu celiyey {to}.")
        }
        (English, None) => format!("order {number} was canceled."),
        (Somali, None) => format!("dalabka {number} waa la joojiyey."),
    };
    Texts {
        subject: match language {
            English => format!("Order {number} was canceled"),
            Somali => format!("Dalabka {number} waa la joojiyey"),
        },
        sms,
        paragraphs,
    }
}

/// A step of a return: its subject, its paragraph, and its text message (the paragraph,
/// as a text message begins it after the shop's name).
pub(super) fn about_return(
    language: Language,
    status: ReturnStatus,
    number: &str,
    refund: Money,
    method: Option<PaymentMethod>,
    support_email: &str,
) -> (String, String, String) {
    let to = refunded_to(language, method, None);
    let (subject, paragraph) = match (language, status) {
        (English, ReturnStatus::Approved) => (
            format!("Your return for order {number} is approved"),
            format!("Your return for order {number} is approved. Please send the items back; we refund you when they arrive."),
        ),
        (English, ReturnStatus::Rejected) => (
            format!("Your return for order {number} was not accepted"),
            format!("Your return for order {number} was not accepted. Please contact us at {support_email} if you have questions."),
        ),
        (English, ReturnStatus::Received) => (
            format!("We received your return for order {number}"),
            format!("Your return for order {number} arrived. We are refunding {refund} to {to}."),
        ),
        (English, _) => (
            format!("Your return for order {number} is refunded"),
            format!("Your return for order {number} is refunded: {refund} went back to {to}."),
        ),
        (Somali, ReturnStatus::Approved) => (
            format!("Soo celintaada dalabka {number} waa la ogolaaday"),
            format!("Soo celintaada dalabka {number} waa la ogolaaday. Fadlan soo dir alaabta; lacagta waan kuu celinaynaa marka ay na soo gaarto."),
        ),
        (Somali, ReturnStatus::Rejected) => (
            format!("Soo celintaada dalabka {number} lama aqbalin"),
            format!("Soo celintaada dalabka {number} lama aqbalin. Haddii aad su'aal qabto, nagala soo xiriir {support_email}."),
        ),
        (Somali, ReturnStatus::Received) => (
            format!("Waxaan helnay soo celintaada dalabka {number}"),
            format!("Soo celintaada dalabka {number} way na soo gaartay. Waxaan {refund} u celinaynaa {to}."),
        ),
        (Somali, _) => (
            format!("Lacagta soo celintaada dalabka {number} waa la celiyey"),
            format!("Soo celintaada dalabka {number} lacagteeda waa la celiyey: {refund} waxay ku noqotay {to}."),
        ),
    };
    let sms = lowercase_first(&paragraph);
    (subject, paragraph, sms)
}

/// A sentence as a text message continues it after the shop's name ("Dukaan: your …").
fn lowercase_first(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

/// The message carrying a password reset code.
pub(super) fn back_in_stock(language: Language, item: &str) -> Texts {
    match language {
        English => Texts {
            subject: format!("Back in stock: {item}"),
            sms: format!("{item} is back in stock, as you asked."),
            paragraphs: vec![
                format!("Good news: {item} is back in stock, as you asked us to tell you."),
                "Sizes sell fast: it is yours if you order it before it goes again.".to_owned(),
            ],
        },
        Somali => Texts {
            subject: format!("Wuu soo laabtay: {item}"),
            sms: format!("{item} wuu soo laabtay, sidaad codsatay."),
            paragraphs: vec![
                format!("War wanaagsan: {item} wuu soo laabtay, sidaad naga codsatay inaan kuu sheegno."),
                "Cabbiradu si dhakhso ah ayay u dhammaadaan: adigaa leh haddii aad dalbato inta uusan mar kale dhammaan.".to_owned(),
            ],
        },
    }
}

/// A phone order's payment link; the text message ends with the link itself.
pub(super) fn payment_link(language: Language, number: &str, total: Money, minutes: i64) -> Texts {
    match language {
        English => {
            let minutes = counted(minutes, "minute", "minutes");
            Texts {
            subject: format!("Pay for your order {number}"),
            sms: format!("pay {total} for your order {number} within {minutes} here:"),
            paragraphs: vec![
                format!("Your order {number} of {total} is ready and waiting for your payment."),
                format!("Pay it within {minutes} on its page: after that the order is canceled and its items go back on sale."),
            ],
        }
        }
        Somali => Texts {
            subject: format!("Bixi lacagta dalabkaaga {number}"),
            sms: format!("ku bixi {total} dalabkaaga {number} {minutes} daqiiqo gudahood halkan:"),
            paragraphs: vec![
                format!("Dalabkaaga {number} oo ah {total} waa diyaar wuxuuna sugayaa lacag bixintaada."),
                format!("Ku bixi boggiisa {minutes} daqiiqo gudahood: intaas kadib dalabka waa la joojinayaa alaabtiisuna waxay dib ugu noqonaysaa iibka."),
            ],
        },
    }
}

pub(super) fn password_reset(language: Language, shop: &str, code: &str, minutes: i64) -> Texts {
    match language {
        English => Texts {
            subject: format!("Your {shop} password reset code"),
            sms: format!("your password reset code is {code}. It is valid for {minutes} minutes."),
            paragraphs: vec![
                format!("Your code to reset your {shop} password is {code}. It is valid for {minutes} minutes."),
                "If you did not ask for it, ignore this message: your password stays as it is.".to_owned(),
            ],
        },
        Somali => Texts {
            subject: format!("Koodhka beddelka furaha sirta ah ee {shop}"),
            sms: format!("koodhkaaga beddelka furaha sirta ah waa {code}. Wuxuu shaqaynayaa {minutes} daqiiqo."),
            paragraphs: vec![
                format!("Koodhka aad ku beddelayso furahaaga sirta ah ee {shop} waa {code}. Wuxuu shaqaynayaa {minutes} daqiiqo."),
                "Haddii aadan adigu codsan, iska dhaaf fariintan: furahaaga sirta ahi isma beddelayo.".to_owned(),
            ],
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(method: Option<PaymentMethod>, refund: Option<(Money, &str)>) -> OrderFacts<'_> {
        OrderFacts {
            number: "#o1",
            total: Money::from_cents(4500).unwrap(),
            hold_minutes: 30,
            method,
            address: None,
            hold_expired: false,
            refund,
            delivery: None,
        }
    }

    #[test]
    fn a_confirmation_says_how_the_order_was_paid() {
        let card = about_order(
            English,
            Topic::OrderConfirmed,
            &facts(Some(PaymentMethod::Card), None),
        );
        assert_eq!(
            card.paragraphs[0],
            "Thank you for your order #o1. We have received your payment of $45.00 by card."
        );
        let zaad = about_order(
            Somali,
            Topic::OrderConfirmed,
            &facts(Some(PaymentMethod::Zaad), None),
        );
        assert_eq!(
            zaad.paragraphs[0],
            "Waad ku mahadsan tahay dalabkaaga #o1. Waxaan helnay lacagtaadii $45.00 ee aad ku bixisay ZAAD."
        );
    }

    #[test]
    fn a_count_of_minutes_takes_its_plural() {
        let total = Money::from_cents(4335).unwrap();
        let last_minute = payment_link(English, "#1042", total, 1);
        assert_eq!(
            last_minute.sms,
            "pay $43.35 for your order #1042 within 1 minute here:"
        );
        let half_hour = payment_link(English, "#1042", total, 30);
        assert_eq!(
            half_hour.paragraphs[1],
            "Pay it within 30 minutes on its page: after that the order is canceled and its items go back on sale."
        );
        let one_minute_hold = OrderFacts {
            hold_minutes: 1,
            ..facts(Some(PaymentMethod::Edahab), None)
        };
        let unconfirmed = about_order(English, Topic::PaymentUnconfirmed, &one_minute_hold);
        assert_eq!(
            unconfirmed.paragraphs[2],
            "If no payment arrives within 1 minute, the order is canceled and nothing is charged."
        );
    }

    #[test]
    fn a_refund_goes_back_to_the_wallet_that_paid_or_to_the_card() {
        let refund = Some((Money::from_cents(4500).unwrap(), "252634441234"));
        let zaad = about_order(
            English,
            Topic::OrderCanceled,
            &facts(Some(PaymentMethod::Zaad), refund),
        );
        assert_eq!(
            zaad.paragraphs[1],
            "We have refunded $45.00 to your ZAAD number 252634441234."
        );
        assert_eq!(
            zaad.sms,
            "order #o1 was canceled and $45.00 refunded to your ZAAD number."
        );
        let card = about_order(
            English,
            Topic::OrderCanceled,
            &facts(Some(PaymentMethod::Card), refund),
        );
        assert_eq!(card.paragraphs[1], "We have refunded $45.00 to your card.");
        let (_, returned, _) = about_return(
            Somali,
            ReturnStatus::Refunded,
            "#o1",
            Money::from_cents(1800).unwrap(),
            Some(PaymentMethod::Card),
            "help@shop.so",
        );
        assert_eq!(
            returned,
            "Soo celintaada dalabka #o1 lacagteeda waa la celiyey: $18.00 waxay ku noqotay kaarkaaga."
        );
    }

    #[test]
    fn the_on_its_way_message_gives_the_code_and_the_riders_first_name_and_phone() {
        use domain::delivery::{
            Delivery, DeliveryAttempt, DeliveryCode, DeliveryState, NotDelivered, Rider,
        };
        let delivery = Delivery {
            rider: Rider {
                id: domain::UserId::parse("r1").unwrap(),
                name: "Hassan Ali".into(),
                phone: "252615550001".into(),
            },
            state: DeliveryState::Out,
            code: DeliveryCode::parse("0427").unwrap(),
            wrong_codes: 0,
            dispatched_at: "2026-11-27T08:00:00Z".parse().unwrap(),
            delivered_at: None,
            cash_collected: None,
            attempts: vec![DeliveryAttempt {
                at: "2026-11-27T10:00:00Z".parse().unwrap(),
                reason: NotDelivered::Unreachable,
                rider: "Hassan Ali".into(),
            }],
        };
        let facts = OrderFacts {
            delivery: Some(&delivery),
            ..facts(Some(PaymentMethod::EvcPlus), None)
        };
        let english = about_order(English, Topic::OrderShipped, &facts);
        assert_eq!(
            english.sms,
            "order #o1 is on its way with Hassan (252615550001). Your delivery code is 0427: give it to the rider when the parcel is in your hands."
        );
        let somali = about_order(Somali, Topic::OrderShipped, &facts);
        assert_eq!(
            somali.paragraphs[1],
            "Koodhkaaga gaarsiinta waa 0427. Sii gaarsiiyaha oo keliya marka xirmadaadu gacantaada ku jirto."
        );
        let failed = about_order(English, Topic::DeliveryFailed, &facts);
        assert_eq!(
            failed.paragraphs[0],
            "Our rider could not deliver your order #o1 today: we could not reach you by phone."
        );
    }

    #[test]
    fn a_cash_order_is_confirmed_with_what_to_pay_the_rider() {
        let cash = about_order(
            English,
            Topic::OrderConfirmed,
            &facts(Some(PaymentMethod::CashOnDelivery), None),
        );
        assert_eq!(
            cash.paragraphs[0],
            "Thank you for your order #o1. You pay $45.00 in cash to the rider when it arrives."
        );
    }
}
