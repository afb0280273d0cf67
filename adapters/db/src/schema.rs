//! The tables of migrations/sqlite and migrations/postgresql, in the SQL types both
//! backends share (so the `MultiConnection` can use them).

diesel::table! {
    users (id) {
        id -> Text,
        name -> Text,
        email -> Nullable<Text>,
        phone -> Text,
        role -> Text,
        password_hash -> Text,
        must_change_password -> Bool,
        token_version -> BigInt,
        created_at -> Timestamp,
        language -> Text,
    }
}

diesel::table! {
    phone_orders (order_id) {
        order_id -> Text,
        taken_by_id -> Text,
        taken_by_name -> Text,
    }
}

diesel::table! {
    payment_links (order_id) {
        order_id -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    products (id) {
        id -> Text,
        name -> Text,
        description -> Text,
        category -> Text,
        tags -> Text,
        tag_keys -> Text,
        price_cents -> BigInt,
        discount -> Integer,
        original_price_cents -> Nullable<BigInt>,
        image_full -> Nullable<Text>,
        image_thumb -> Nullable<Text>,
        gallery -> Text,
        colour_pictures -> Text,
        rating_tenths -> Integer,
        reviews -> BigInt,
        stock -> BigInt,
        is_featured -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    product_variants (id) {
        id -> Text,
        product_id -> Text,
        position -> Integer,
        size -> Text,
        colour -> Nullable<Text>,
        sku -> Text,
        stock -> BigInt,
    }
}

diesel::table! {
    cart_items (user_id, product_id, variant_id) {
        user_id -> Text,
        product_id -> Text,
        variant_id -> Text,
        quantity -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    wishlist_items (user_id, product_id) {
        user_id -> Text,
        product_id -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    orders (id) {
        id -> Text,
        user_id -> Text,
        customer_name -> Text,
        customer_email -> Text,
        subtotal_cents -> BigInt,
        shipping_cents -> BigInt,
        total_cents -> BigInt,
        status -> Text,
        payment_status -> Text,
        payment_method -> Text,
        payment_phone -> Text,
        transaction_id -> Nullable<Text>,
        ship_full_name -> Nullable<Text>,
        ship_phone -> Nullable<Text>,
        ship_city -> Nullable<Text>,
        ship_district -> Nullable<Text>,
        ship_address_line -> Nullable<Text>,
        idempotency_key -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        hold_expired_at -> Nullable<Timestamp>,
        refund_claimed_at -> Nullable<Timestamp>,
        discount_code -> Nullable<Text>,
        discount_cents -> BigInt,
        delivered_at -> Nullable<Timestamp>,
        refunded_cents -> BigInt,
        returns_held -> Integer,
        refund_unconfirmed_at -> Nullable<Timestamp>,
        payment_reference -> Nullable<Text>,
        ship_landmark -> Nullable<Text>,
        number -> BigInt,
    }
}

diesel::table! {
    payment_attempts (id) {
        id -> Text,
        order_id -> Text,
        order_number -> BigInt,
        method -> Text,
        amount_cents -> BigInt,
        currency -> Text,
        payer -> Text,
        state -> Text,
        provider_reference -> Nullable<Text>,
        transaction_id -> Nullable<Text>,
        approved_cents -> Nullable<BigInt>,
        approved_currency -> Nullable<Text>,
        started_at -> Timestamp,
        answered_at -> Nullable<Timestamp>,
        refund_claimed_at -> Nullable<Timestamp>,
        refund_unconfirmed_at -> Nullable<Timestamp>,
        refund_error -> Nullable<Text>,
    }
}

diesel::table! {
    notifications (id) {
        id -> Text,
        topic -> Text,
        channel -> Text,
        recipient -> Nullable<Text>,
        reference -> Text,
        payload -> Nullable<Text>,
        subject -> Nullable<Text>,
        status -> Text,
        attempts -> Integer,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        next_attempt_at -> Nullable<Timestamp>,
        sent_at -> Nullable<Timestamp>,
        give_up_at -> Timestamp,
        search_text -> Text,
    }
}

diesel::table! {
    password_resets (user_id) {
        user_id -> Text,
        code_hash -> Text,
        expires_at -> Timestamp,
        tries_left -> Integer,
    }
}

diesel::table! {
    reviews (id) {
        id -> Text,
        product_id -> Text,
        user_id -> Text,
        author -> Text,
        rating -> Integer,
        title -> Nullable<Text>,
        body -> Text,
        verified_purchase -> Bool,
        hidden -> Bool,
        created_at -> Timestamp,
        search_text -> Text,
    }
}

diesel::table! {
    returns (id) {
        id -> Text,
        order_id -> Text,
        user_id -> Text,
        status -> Text,
        refund_cents -> BigInt,
        reason -> Text,
        created_at -> Timestamp,
        refund_claimed_at -> Nullable<Timestamp>,
        refund_unconfirmed_at -> Nullable<Timestamp>,
        refund_paid_with -> Nullable<Text>,
    }
}

diesel::table! {
    return_lines (return_id, position) {
        return_id -> Text,
        position -> Integer,
        line_position -> Integer,
        product_id -> Text,
        name -> Text,
        variant_id -> Nullable<Text>,
        size -> Nullable<Text>,
        colour -> Nullable<Text>,
        sku -> Nullable<Text>,
        quantity -> Integer,
        amount_cents -> BigInt,
    }
}

diesel::table! {
    return_status_history (return_id, seq) {
        return_id -> Text,
        seq -> Integer,
        status -> Text,
        at -> Timestamp,
        by_id -> Nullable<Text>,
        by_name -> Nullable<Text>,
    }
}

diesel::table! {
    order_status_history (order_id, seq) {
        order_id -> Text,
        seq -> Integer,
        status -> Text,
        at -> Timestamp,
        by_id -> Nullable<Text>,
        by_name -> Nullable<Text>,
    }
}

diesel::table! {
    discounts (id) {
        id -> Text,
        code -> Text,
        kind -> Text,
        value -> BigInt,
        min_subtotal_cents -> Nullable<BigInt>,
        starts_at -> Nullable<Timestamp>,
        ends_at -> Nullable<Timestamp>,
        usage_limit -> Nullable<Integer>,
        per_customer_limit -> Nullable<Integer>,
        times_used -> Integer,
        active -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    discount_uses (order_id) {
        order_id -> Text,
        discount_id -> Text,
        user_id -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    cart_discounts (user_id) {
        user_id -> Text,
        discount_id -> Nullable<Text>,
        code -> Text,
        kind -> Text,
        value -> BigInt,
    }
}

diesel::table! {
    order_lines (order_id, position) {
        order_id -> Text,
        position -> Integer,
        product_id -> Text,
        name -> Text,
        image -> Nullable<Text>,
        unit_price_cents -> BigInt,
        quantity -> Integer,
        variant_id -> Nullable<Text>,
        size -> Nullable<Text>,
        colour -> Nullable<Text>,
        sku -> Nullable<Text>,
    }
}

diesel::table! {
    catalog_version (id) {
        id -> Integer,
        version -> BigInt,
    }
}

diesel::table! {
    settings (id) {
        id -> Integer,
        shop_name -> Text,
        support_phone -> Text,
        support_email -> Text,
        shipping_cents -> BigInt,
        cod_max_cents -> BigInt,
    }
}

diesel::table! {
    delivery_zones (id) {
        id -> Text,
        city -> Text,
        district -> Nullable<Text>,
        fee_cents -> BigInt,
        min_days -> Integer,
        max_days -> Integer,
        cash_on_delivery -> Bool,
        served -> Bool,
    }
}

diesel::table! {
    deliveries (order_id) {
        order_id -> Text,
        rider_id -> Text,
        rider_name -> Text,
        rider_phone -> Text,
        state -> Text,
        code -> Text,
        wrong_codes -> Integer,
        dispatched_at -> Timestamp,
        delivered_at -> Nullable<Timestamp>,
        cash_collected_cents -> Nullable<BigInt>,
        attempts -> Text,
        cash_handin_id -> Nullable<Text>,
    }
}

diesel::table! {
    cash_handins (id) {
        id -> Text,
        rider_id -> Text,
        day -> Text,
        amount_cents -> BigInt,
        deliveries -> Integer,
        received_at -> Timestamp,
        received_by_id -> Text,
        received_by_name -> Text,
    }
}

diesel::table! {
    audit_log (seq) {
        seq -> BigInt,
        id -> Text,
        at -> Timestamp,
        actor_id -> Text,
        actor_email -> Text,
        action -> Text,
        entity -> Text,
        entity_id -> Nullable<Text>,
        before_fields -> Nullable<Text>,
        after_fields -> Nullable<Text>,
        actor_name -> Text,
        actor_role -> Text,
    }
}

diesel::table! {
    order_day_totals (day, status, payment_status, slot) {
        day -> Text,
        status -> Text,
        payment_status -> Text,
        slot -> Integer,
        orders -> BigInt,
        total_cents -> BigInt,
    }
}

diesel::table! {
    product_units_sold (name) {
        name -> Text,
        units -> BigInt,
    }
}

diesel::table! {
    restock_alerts (id) {
        id -> Text,
        user_id -> Text,
        product_id -> Text,
        variant_id -> Nullable<Text>,
        variant_key -> Text,
        created_at -> Timestamp,
        answered_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(restock_alerts -> products (product_id));
diesel::joinable!(cart_items -> products (product_id));
diesel::joinable!(product_variants -> products (product_id));
diesel::joinable!(cart_items -> users (user_id));
diesel::joinable!(wishlist_items -> products (product_id));
diesel::joinable!(wishlist_items -> users (user_id));
diesel::joinable!(order_lines -> orders (order_id));
diesel::joinable!(deliveries -> orders (order_id));
diesel::joinable!(payment_links -> orders (order_id));
diesel::joinable!(payment_attempts -> orders (order_id));
diesel::joinable!(phone_orders -> orders (order_id));
diesel::joinable!(order_status_history -> orders (order_id));
diesel::joinable!(returns -> orders (order_id));
diesel::joinable!(reviews -> products (product_id));
diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(return_lines -> returns (return_id));
diesel::joinable!(return_status_history -> returns (return_id));

diesel::joinable!(discount_uses -> discounts (discount_id));
diesel::joinable!(cart_discounts -> discounts (discount_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    products,
    product_variants,
    cart_items,
    wishlist_items,
    orders,
    deliveries,
    order_lines,
    order_status_history,
    returns,
    return_lines,
    reviews,
    return_status_history,
    settings,
    discounts,
    discount_uses,
    cart_discounts,
    notifications,
    password_resets,
    restock_alerts,
    payment_links,
    payment_attempts,
    phone_orders,
);
