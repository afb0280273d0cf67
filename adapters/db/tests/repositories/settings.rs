use crate::support::{databases, money};
use domain::ports::SettingsRepository;
use domain::settings::ShopSettings;
use domain::user::Email;

#[tokio::test]
async fn settings_are_none_until_saved_and_a_second_save_replaces_the_first() {
    for db in databases().await {
        assert_eq!(db.get().await.unwrap(), None, "{db:?}");
        let first = ShopSettings {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: Email::parse("help@dukaan.so").unwrap(),
            shipping_fee: money(500),
            cash_on_delivery_max: money(20_000),
        };
        db.save(&first).await.unwrap();
        assert_eq!(db.get().await.unwrap(), Some(first.clone()));
        let second = ShopSettings {
            shop_name: "Dukaan Online".into(),
            shipping_fee: money(0),
            cash_on_delivery_max: money(35_000),
            ..first
        };
        db.save(&second).await.unwrap();
        assert_eq!(db.get().await.unwrap(), Some(second));
    }
}
