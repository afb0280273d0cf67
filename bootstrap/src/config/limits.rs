//! How many sign-ins, registrations and password resets one e-mail or one address may try, and
//! how many whole catalogue lists one address may ask for.

use application::throttle::{AttemptLimits, Limit};
use clap::Args;

/// Limits as `ATTEMPTS/WINDOW`, the window in minutes or hours (`100/15m`, `500/1h`). Behind
/// a mobile carrier thousands of shoppers share one public address: successes are handed back
/// and only failures (and sign-ups in bulk) count against an address.
#[derive(Debug, Clone, Args)]
pub struct LimitSettings {
    /// Wrong passwords allowed for one e-mail.
    #[arg(long, global = true, env = "SHOP_SIGN_IN_LIMIT_PER_EMAIL",
          default_value_t = AttemptLimits::default().sign_in_per_email)]
    pub sign_in_limit_per_email: Limit,

    /// Wrong passwords allowed from one address, whatever the e-mails.
    #[arg(long, global = true, env = "SHOP_SIGN_IN_LIMIT_PER_ADDRESS",
          default_value_t = AttemptLimits::default().sign_in_per_address)]
    pub sign_in_limit_per_address: Limit,

    /// Registrations allowed from one address (accounts made in bulk).
    #[arg(long, global = true, env = "SHOP_REGISTRATION_LIMIT_PER_ADDRESS",
          default_value_t = AttemptLimits::default().registration_per_address)]
    pub registration_limit_per_address: Limit,

    /// Registrations that found their e-mail taken allowed from one address (probing which
    /// e-mails have accounts).
    #[arg(long, global = true, env = "SHOP_TAKEN_REGISTRATION_LIMIT_PER_ADDRESS",
          default_value_t = AttemptLimits::default().taken_registration_per_address)]
    pub taken_registration_limit_per_address: Limit,

    /// Catalogue lists asked for without a page (`page`, `limit`) allowed from one address:
    /// each is the whole catalogue. The storefront asks for pages only.
    #[arg(long, global = true, env = "SHOP_UNPAGED_LIST_LIMIT_PER_ADDRESS",
          default_value_t = AttemptLimits::default().unpaged_list_per_address)]
    pub unpaged_list_limit_per_address: Limit,
}

impl LimitSettings {
    pub fn attempt_limits(&self) -> AttemptLimits {
        AttemptLimits {
            sign_in_per_email: self.sign_in_limit_per_email,
            sign_in_per_address: self.sign_in_limit_per_address,
            registration_per_address: self.registration_limit_per_address,
            taken_registration_per_address: self.taken_registration_limit_per_address,
            unpaged_list_per_address: self.unpaged_list_limit_per_address,
            ..AttemptLimits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Cli;
    use application::throttle::{AttemptLimits, Limit};
    use clap::Parser;

    #[test]
    fn limits_default_to_the_shops_and_take_attempts_over_a_window() {
        let cli = Cli::try_parse_from(["shop"]).unwrap();
        assert_eq!(
            cli.settings.limits.attempt_limits(),
            AttemptLimits::default()
        );
        let cli = Cli::try_parse_from([
            "shop",
            "--sign-in-limit-per-address",
            "300/15m",
            "--registration-limit-per-address",
            "2000/1h",
            "--unpaged-list-limit-per-address",
            "60/1m",
        ])
        .unwrap();
        let limits = cli.settings.limits.attempt_limits();
        assert_eq!(
            limits.sign_in_per_address,
            "300/15m".parse::<Limit>().unwrap()
        );
        assert_eq!(limits.registration_per_address.window_minutes, 60);
        assert_eq!(limits.registration_per_address.max, 2000);
        assert_eq!(limits.unpaged_list_per_address, "60/1m".parse().unwrap());
        let wrong = Cli::try_parse_from(["shop", "--sign-in-limit-per-email", "five"]);
        assert!(wrong.unwrap_err().to_string().contains("e.g. 100/15m"));
    }
}
