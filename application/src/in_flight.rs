//! Shoppers whose checkout is charging right now in this process, so a second click or tab
//! is refused at once instead of charging twice. Across processes the database refuses a
//! second order that awaits payment (see `OrderRepository::place`).

use domain::UserId;
use std::collections::HashSet;
use std::sync::Mutex;

#[derive(Default)]
pub struct CheckoutsInFlight {
    users: Mutex<HashSet<UserId>>,
}

impl CheckoutsInFlight {
    /// `None` when the user already has a checkout in flight; otherwise a guard that ends it
    /// when dropped, however the checkout ends.
    pub fn enter(&self, user: &UserId) -> Option<InFlight<'_>> {
        let mut users = self
            .users
            .lock()
            .expect("the in-flight set is never poisoned");
        users.insert(user.clone()).then(|| InFlight {
            set: self,
            user: user.clone(),
        })
    }
}

pub struct InFlight<'a> {
    set: &'a CheckoutsInFlight,
    user: UserId,
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        if let Ok(mut users) = self.set.users.lock() {
            users.remove(&self.user);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_has_one_checkout_in_flight_until_it_ends() {
        let set = CheckoutsInFlight::default();
        let amina = UserId::parse("amina").unwrap();
        let first = set.enter(&amina).expect("the first checkout starts");
        assert!(set.enter(&amina).is_none());
        assert!(set.enter(&UserId::parse("hodan").unwrap()).is_some());
        drop(first);
        assert!(set.enter(&amina).is_some());
    }
}
