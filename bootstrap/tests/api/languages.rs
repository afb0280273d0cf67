//! Server messages in the language of `Accept-Language` (English or Somali).

use crate::helpers::TestApp;
use crate::reply::reply;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

impl TestApp {
    /// A call sent with `Accept-Language: language`.
    async fn in_language(
        &self,
        language: &str,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> crate::reply::Reply {
        let mut request = reqwest::Client::new()
            .request(method, self.url(path))
            .header("Accept-Language", language)
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        reply(request.send().await.expect("the request is answered")).await
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn shoppers_hear_the_servers_messages_in_the_language_they_ask_for() {
    for app in TestApp::all().await {
        let (token, _) = app.shopper("amina").await;
        let checkout = json!({ "paymentMethod": "evc-plus", "paymentPhone": "615551234" });

        let somali = app
            .in_language(
                "so",
                Method::POST,
                "/api/orders/checkout",
                Some(&token),
                checkout.clone(),
            )
            .await;
        assert_eq!(somali.status, StatusCode::BAD_REQUEST);
        assert_eq!(somali.message(), "Dambiishaadu waa madhan tahay");
        assert_eq!(somali.headers["vary"], "Accept-Language");

        let english = app
            .in_language(
                "en-GB,en;q=0.9",
                Method::POST,
                "/api/orders/checkout",
                Some(&token),
                checkout.clone(),
            )
            .await;
        assert_eq!(english.message(), "Your cart is empty");
        // A language the shop does not speak: English.
        let french = app
            .in_language(
                "fr",
                Method::POST,
                "/api/orders/checkout",
                Some(&token),
                checkout,
            )
            .await;
        assert_eq!(french.message(), "Your cart is empty");

        // Each bad field, in Somali too.
        let register = app
            .in_language(
                "so-SO,so;q=0.9,en;q=0.8",
                Method::POST,
                "/api/auth/register",
                None,
                json!({ "name": "", "email": "not-an-email", "phone": "615551234", "password": "123" }),
            )
            .await;
        assert_eq!(register.status, StatusCode::BAD_REQUEST);
        assert_eq!(register.body["errors"]["name"], "Magaca waa qasab");
        assert_eq!(register.body["errors"]["email"], "Iimaylku sax ma aha");
        assert_eq!(
            register.body["errors"]["password"],
            "Furaha sirta ahi waa inuu ka koobnaadaa ugu yaraan 6 xaraf"
        );

        // A message with a value: the stock left.
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Silk Abaya", "20", 2).await;
        let id = product["_id"].as_str().unwrap();
        let too_many = app
            .in_language(
                "so",
                Method::POST,
                "/api/cart/add",
                Some(&token),
                json!({ "productId": id, "quantity": 5 }),
            )
            .await;
        assert_eq!(too_many.status, StatusCode::CONFLICT);
        assert_eq!(too_many.message(), "Waxaa bakhaarka ka haray 2 keliya");

        // The catalogue's replies are the same in every language and do not vary by it.
        let listed = app
            .in_language("so", Method::GET, "/api/products", None, Value::Null)
            .await;
        assert_eq!(listed.status, StatusCode::OK);
        assert!(
            !listed.headers.contains_key("vary") || listed.headers["vary"] != "Accept-Language"
        );
    }
}

/// The answers to changes that went through are texts too: said in Somali to who asks.
#[tokio::test(flavor = "multi_thread")]
async fn the_answers_to_changes_are_said_in_somali_too() {
    for app in TestApp::all().await {
        let (token, _) = app.shopper("amina").await;
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Silk Abaya", "20", 2).await;
        let add = json!({ "productId": product["_id"] });
        let somali = |method, path: &'static str, token, body| {
            app.in_language("so", method, path, token, body)
        };
        let added = somali(Method::POST, "/api/wishlist/add", Some(&token), add.clone()).await;
        assert_eq!(added.status, StatusCode::CREATED);
        assert_eq!(added.message(), "Waxaa lagu daray liiska aad jeceshahay");
        assert_eq!(added.headers["vary"], "Accept-Language");
        let again = somali(Method::POST, "/api/wishlist/add", Some(&token), add).await;
        assert_eq!(
            again.message(),
            "Alaabtani horey ayay ugu jirtay liiska aad jeceshahay"
        );
        let sent = somali(
            Method::POST,
            "/api/auth/forgot-password",
            None,
            json!({ "email": "nobody@dukaan.so" }),
        )
        .await;
        assert_eq!(sent.status, StatusCode::OK);
        assert_eq!(
            sent.message(),
            "Haddii akoon uu isticmaalo iimaylkan, waxaan u dirnay kood. Wuxuu shaqaynayaa 30 daqiiqo."
        );
        let english = app
            .in_language(
                "en",
                Method::POST,
                "/api/auth/forgot-password",
                None,
                json!({ "email": "nobody@dukaan.so" }),
            )
            .await;
        assert_eq!(
            english.message(),
            "If an account uses this e-mail, we have sent it a code. It is valid for 30 minutes."
        );
    }
}

/// Messages found by key, those that had no Somali before among them.
#[tokio::test(flavor = "multi_thread")]
async fn staff_hear_refusals_and_field_names_in_somali_too() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let me = app.get("/api/auth/me", Some(&admin)).await;
        let id = me.body["_id"].as_str().unwrap();
        let own = app
            .in_language(
                "so",
                Method::DELETE,
                &format!("/api/users/{id}"),
                Some(&admin),
                Value::Null,
            )
            .await;
        assert_eq!(own.status, StatusCode::FORBIDDEN);
        assert_eq!(own.message(), "Akoonkaaga ma tirtiri kartid");

        let control = app
            .in_language(
                "so",
                Method::POST,
                "/api/auth/register",
                None,
                json!({ "name": "Ami\u{0}na", "email": "amina@example.com", "phone": "615551234", "password": "secret1" }),
            )
            .await;
        assert_eq!(control.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            control.body["errors"]["name"],
            "name waa inuusan lahayn xarfo xakameyn ah"
        );
    }
}

/// E-mails and text messages follow the language the shopper last used or chose: it is
/// stored from the `Accept-Language` of their registration and checkout and from their choice
/// (`PUT /api/auth/language`); a sign-in answers it, for the screens to switch to, and keeps it.
#[tokio::test(flavor = "multi_thread")]
async fn the_language_a_shopper_last_used_is_stored_for_their_messages() {
    use domain::language::Language;
    use domain::ports::UserRepository;
    for app in TestApp::all().await {
        let registered = app
            .in_language(
                "so",
                Method::POST,
                "/api/auth/register",
                None,
                json!({ "name": "Hodan Ali", "email": "hodan@example.com", "phone": "615551234", "password": "secret1" }),
            )
            .await;
        assert_eq!(
            registered.status,
            StatusCode::CREATED,
            "{}",
            registered.body
        );
        let id = domain::UserId::parse(registered.body["user"]["_id"].as_str().unwrap()).unwrap();
        let token = registered.body["token"].as_str().unwrap().to_owned();
        assert_eq!(
            app.database.language_of(&id).await.unwrap(),
            Language::Somali
        );

        assert_eq!(registered.body["user"]["language"], "so");

        // A sign-in on a page shown in English answers her own language and keeps it.
        let signed_in = app
            .in_language(
                "en",
                Method::POST,
                "/api/auth/login",
                None,
                json!({ "email": "hodan@example.com", "password": "secret1" }),
            )
            .await;
        assert_eq!(signed_in.status, StatusCode::OK);
        assert_eq!(signed_in.body["user"]["language"], "so");
        assert_eq!(
            app.database.language_of(&id).await.unwrap(),
            Language::Somali
        );

        // Her choice is stored at once and answered by /api/auth/me; a language the shop
        // does not speak is refused, in the language asked.
        let chose = app
            .put(
                "/api/auth/language",
                Some(&token),
                json!({ "language": "en" }),
            )
            .await;
        assert_eq!(chose.status, StatusCode::OK, "{}", chose.body);
        assert_eq!(chose.body["language"], "en");
        assert_eq!(
            app.database.language_of(&id).await.unwrap(),
            Language::English
        );
        let me = app.get("/api/auth/me", Some(&token)).await;
        assert_eq!(me.body["language"], "en");
        let refused = app
            .put(
                "/api/auth/language",
                Some(&token),
                json!({ "language": "fr" }),
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            refused.message(),
            "Choose a language the shop speaks: en (English) or so (Somali)."
        );
        let refused = app
            .in_language(
                "so",
                Method::PUT,
                "/api/auth/language",
                Some(&token),
                json!({}),
            )
            .await;
        assert_eq!(
            refused.message(),
            "Dooro luqad dukaanku ku hadlo: en (Ingiriisi) ama so (Soomaali)."
        );
        let chose = app
            .put(
                "/api/auth/language",
                Some(&token),
                json!({ "language": "so" }),
            )
            .await;
        assert_eq!(chose.body["language"], "so");

        // The checkout's language counts too (an empty cart is refused, the language kept).
        let checkout = json!({ "paymentMethod": "evc-plus", "paymentPhone": "615551234" });
        app.in_language(
            "en",
            Method::POST,
            "/api/orders/checkout",
            Some(&token),
            checkout,
        )
        .await;
        assert_eq!(
            app.database.language_of(&id).await.unwrap(),
            Language::English
        );

        // Nobody: English.
        let nobody = domain::UserId::parse("0190b6f2-7c1e-7abc-9def-0123456789ab").unwrap();
        assert_eq!(
            app.database.language_of(&nobody).await.unwrap(),
            Language::English
        );
    }
}
