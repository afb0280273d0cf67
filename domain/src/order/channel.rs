//! Where an order was taken: at checkout by the shopper, or by staff for a customer in a phone
//! call or a chat (DESIGN.md section 9, "Selling in conversations").

use super::Changer;

/// Where an order was taken, and by whom when staff took it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Channel {
    /// Placed by the shopper at checkout.
    Web,
    /// Taken in the back office for the customer, by `taken_by`.
    Phone { taken_by: Changer },
}

/// A channel without who took the order: what lists filter by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelKind {
    Web,
    Phone,
}

impl ChannelKind {
    pub const ALL: [ChannelKind; 2] = [ChannelKind::Web, ChannelKind::Phone];

    /// Its id in requests, answers and storage.
    pub fn id(self) -> &'static str {
        match self {
            ChannelKind::Web => "web",
            ChannelKind::Phone => "phone",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.id() == id)
    }
}

impl Channel {
    pub fn kind(&self) -> ChannelKind {
        match self {
            Channel::Web => ChannelKind::Web,
            Channel::Phone { .. } => ChannelKind::Phone,
        }
    }

    /// The staff member who took a phone order.
    pub fn taken_by(&self) -> Option<&Changer> {
        match self {
            Channel::Web => None,
            Channel::Phone { taken_by } => Some(taken_by),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::UserId;

    fn hodan() -> Changer {
        Changer {
            id: UserId::parse("staff-hodan").unwrap(),
            name: "Hodan".into(),
        }
    }

    #[test]
    fn a_phone_order_names_who_took_it_and_a_web_order_nobody() {
        let phone = Channel::Phone { taken_by: hodan() };
        assert_eq!(phone.taken_by(), Some(&hodan()));
        assert_eq!(Channel::Web.taken_by(), None);
        assert_eq!(
            (phone.kind().id(), Channel::Web.kind().id()),
            ("phone", "web")
        );
        assert_eq!(ChannelKind::parse("phone"), Some(ChannelKind::Phone));
        assert_eq!(ChannelKind::parse("chat"), None);
    }
}
