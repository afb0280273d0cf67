//! The words of the shopper's messages in each language the shop speaks: a shopper hears
//! them in the language they last used. `templates` lays them out; the
//! shop's own alerts stay English, as the back office does.

use domain::language::Language::{self, English, Somali};
use domain::notification::Topic;
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
    ChooseNewPassword,
}

pub(super) fn label(language: Language, label: Label) -> &'static str {
    match (language, label) {
        (English, Label::Shipping) => "Shipping",
        (English, Label::Total) => "Total",
        (English, Label::ViewOrder) => "View your order",
        (English, Label::ChooseNewPassword) => "Choose a new password",
        (Somali, Label::Shipping) => "Gaarsiinta",
        (Somali, Label::Total) => "Wadarta",
        (Somali, Label::ViewOrder) => "Eeg dalabkaaga",
        (Somali, Label::ChooseNewPassword) => "Dooro fure sir ah oo cusub",
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

/// What an order's message needs to say, beyond its number and total.
pub(super) struct OrderFacts<'a> {
    pub number: &'a str,
    pub total: Money,
    /// How long an unconfirmed payment keeps its order, in minutes.
    pub hold_minutes: i64,
    pub address: Option<String>,
    /// A cancel because EVC Plus never confirmed the payment.
    pub hold_expired: bool,
    /// What went back to the shopper, and to which number.
    pub refund: Option<(Money, &'a str)>,
}

/// A message to the shopper about their order (`topic`: confirmed, payment not confirmed,
/// shipped, delivered or canceled).
pub(super) fn about_order(language: Language, topic: Topic, facts: &OrderFacts) -> Texts {
    let OrderFacts {
        number,
        total,
        hold_minutes,
        ..
    } = *facts;
    let texts = |subject: String, sms: String, paragraphs: Vec<String>| Texts {
        subject,
        sms,
        paragraphs,
    };
    match (language, topic) {
        (English, Topic::OrderConfirmed) => texts(
            format!("Order {number} confirmed"),
            format!("order {number} confirmed, {total} paid. We will tell you when it ships."),
            vec![
                format!("Thank you for your order {number}. We have received your payment of {total} by EVC Plus."),
                "We will let you know when it ships.".to_owned(),
            ],
        ),
        (Somali, Topic::OrderConfirmed) => texts(
            format!("Dalabka {number} waa la xaqiijiyey"),
            format!("dalabka {number} waa la xaqiijiyey, {total} waa la bixiyey. Waan kuu sheegi doonnaa marka la soo diro."),
            vec![
                format!("Waad ku mahadsan tahay dalabkaaga {number}. Waxaan helnay lacagtaadii {total} ee aad ku bixisay EVC Plus."),
                "Waan kuu sheegi doonnaa marka la soo diro.".to_owned(),
            ],
        ),
        (English, Topic::PaymentUnconfirmed) => texts(
            format!("Order {number}: payment not confirmed yet"),
            format!("EVC Plus has not confirmed your payment of {total} for order {number} yet. If you approved it, there is nothing to do."),
            vec![
                format!("We have saved your order {number} of {total}, but EVC Plus has not confirmed your payment yet."),
                "If you approved it on your phone, there is nothing to do: we confirm the order as soon as EVC Plus does.".to_owned(),
                format!("If no payment arrives within {hold_minutes} minutes, the order is canceled and nothing is charged."),
            ],
        ),
        (Somali, Topic::PaymentUnconfirmed) => texts(
            format!("Dalabka {number}: lacag bixinta weli lama xaqiijin"),
            format!("EVC Plus weli ma xaqiijin lacagtaada {total} ee dalabka {number}. Haddii aad ogolaatay, waxba kaa ma doonayaan."),
            vec![
                format!("Waan kaydinnay dalabkaaga {number} oo ah {total}, laakiin EVC Plus weli ma xaqiijin lacag bixintaada."),
                "Haddii aad taleefankaaga ku ogolaatay, waxba kaa ma doonayaan: dalabka waan xaqiijinaynaa isla marka EVC Plus xaqiijiso.".to_owned(),
                format!("Haddii lacagtu imaan waydo {hold_minutes} daqiiqo gudahood, dalabka waa la joojinayaa, lacagna lagaa ma jarayo."),
            ],
        ),
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

fn canceled(language: Language, facts: &OrderFacts) -> Texts {
    let number = facts.number;
    let mut paragraphs = vec![match language {
        English => format!("Your order {number} was canceled."),
        Somali => format!("Dalabkaaga {number} waa la joojiyey."),
    }];
    if facts.hold_expired {
        paragraphs.push(
            match language {
                English => "EVC Plus did not confirm its payment in time.",
                Somali => "EVC Plus ma xaqiijin lacag bixinta waqtigeedii.",
            }
            .to_owned(),
        );
    }
    let sms = match (language, facts.refund) {
        (English, Some((refund, phone))) => {
            paragraphs.push(format!(
                "We have refunded {refund} to your EVC Plus number {phone}."
            ));
            format!("order {number} was canceled and {refund} refunded to your EVC Plus.")
        }
        (Somali, Some((refund, phone))) => {
            paragraphs.push(format!(
                "Waxaan {refund} dib ugu celinnay lambarkaaga EVC Plus {phone}."
            ));
            format!("dalabka {number} waa la joojiyey, {refund} waxaa dib loogu celiyey EVC Plus-kaaga.")
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

/// A step of a return: its subject, and what the message says happened ("Your return for
/// order #… {what}").
pub(super) fn about_return(
    language: Language,
    status: ReturnStatus,
    number: &str,
    refund: Money,
    support_email: &str,
) -> (String, String, String) {
    let (subject, what) = match (language, status) {
        (English, ReturnStatus::Approved) => (
            format!("Your return for order {number} is approved"),
            "is approved. Please send the items back; we refund you when they arrive.".to_owned(),
        ),
        (English, ReturnStatus::Rejected) => (
            format!("Your return for order {number} was not accepted"),
            format!("was not accepted. Please contact us at {support_email} if you have questions."),
        ),
        (English, ReturnStatus::Received) => (
            format!("We received your return for order {number}"),
            format!("arrived. We are refunding {refund} to your EVC Plus number."),
        ),
        (English, _) => (
            format!("Your return for order {number} is refunded"),
            format!("is refunded: {refund} went back to your EVC Plus number."),
        ),
        (Somali, ReturnStatus::Approved) => (
            format!("Soo celintaada dalabka {number} waa la ogolaaday"),
            "waa la ogolaaday. Fadlan soo dir alaabta; lacagta waan kuu celinaynaa marka ay na soo gaarto.".to_owned(),
        ),
        (Somali, ReturnStatus::Rejected) => (
            format!("Soo celintaada dalabka {number} lama aqbalin"),
            format!("lama aqbalin. Haddii aad su'aal qabto, nagala soo xiriir {support_email}."),
        ),
        (Somali, ReturnStatus::Received) => (
            format!("Waxaan helnay soo celintaada dalabka {number}"),
            format!("way na soo gaartay. Waxaan {refund} u celinaynaa lambarkaaga EVC Plus."),
        ),
        (Somali, _) => (
            format!("Lacagta soo celintaada dalabka {number} waa la celiyey"),
            format!("lacagteeda waa la celiyey: {refund} waxay ku noqotay lambarkaaga EVC Plus."),
        ),
    };
    let (paragraph, sms) = match language {
        English => (
            format!("Your return for order {number} {what}"),
            format!("your return for order {number} {what}"),
        ),
        Somali => (
            format!("Soo celintaada dalabka {number} {what}"),
            format!("soo celintaada dalabka {number} {what}"),
        ),
    };
    (subject, paragraph, sms)
}

/// The message carrying a password reset code.
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
