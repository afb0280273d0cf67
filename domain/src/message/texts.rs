//! The English catalogue: every message the server says in more than one language, under its
//! key (the constant's name). Other languages' words are found by the key; a test of the HTTP
//! adapter fails when one of these lacks a translation there.

use super::Text;

macro_rules! texts {
    ($($name:ident = $english:literal;)*) => {
        $(pub const $name: Text = Text { key: stringify!($name), english: $english };)*

        /// Every text of the catalogue.
        pub const ALL: &[Text] = &[$($name),*];
    };
}

texts! {
    // Signing in and accounts.
    RESET_CODE_SENT = "If an account uses this e-mail, we have sent it a code. It is valid for 30 minutes.";
    RESET_CODE_SENT_BY_SMS = "If an account without an e-mail uses this number, we have sent it a code by SMS. It is valid for 30 minutes.";
    PASSWORD_RESET_DONE = "Your password has been reset. Please sign in with your new password.";
    USER_DELETED = "User deleted successfully";
    LOGIN_REQUIRED = "Please log in to continue";
    SESSION_INVALID = "Your session has expired. Please log in again.";
    INVALID_CREDENTIALS = "Invalid email or password";
    ACCOUNT_KEY_BOTH = "Send an e-mail or a phone number, not both";
    PHONE_TAKEN = "Another account without an e-mail signs in with this phone number";
    EMAIL_TAKEN = "An account with this email already exists";
    CURRENT_PASSWORD_WRONG = "Current password is incorrect";
    PASSWORD_CHANGED_MEANWHILE = "The password was changed by another request at the same time. Nothing was saved: please try again.";
    CODE_REFUSED = "This code is wrong or has expired. Ask for a new code.";
    TOO_MANY_ATTEMPTS = "Too many {kind} attempts. Please try again in {minutes} {minutes|minute|minutes}.";
    TOO_MANY_WHOLE_LISTS = "Too many whole product lists asked for from your address. Ask for one page at a time (page and limit), or try again in {minutes} {minutes|minute|minutes}.";

    // Orders taken by phone and chat.
    PHONE_ORDER_CUSTOMER_MISSING = "Choose a customer, or enter a new customer's name and phone";
    PHONE_ORDER_LINES_MISSING = "Add at least one product";
    PHONE_ORDER_TOO_MANY_LINES = "An order takes at most {most} lines";
    PHONE_ORDER_ADDRESS_MISSING = "Enter where the order is delivered";
    CUSTOMER_NOT_FOUND = "No customer has this id";
    CUSTOMER_PHONE_TAKEN = "A customer already has this phone number: find them instead";
    PRODUCT_GONE = "A product of this order is no longer sold";
    PHONE_ORDER_PAYING = "A payment of this order is under way: wait for its answer";
    PHONE_ORDER_SETTLED = "This order is paid, or paid in cash on delivery";
    PHONE_ORDER_ENDED = "This order can no longer be paid: take it again";
    PHONE_ORDER_PAID = "Paid: the order is confirmed to the customer";
    PHONE_ORDER_AWAITING = "Waiting for the customer to confirm on their phone";
    PHONE_ORDER_CASH = "The rider collects the total in cash: the order is confirmed to the customer";
    PAY_LINK_NOT_FOUND = "This payment link is not valid. Ask the shop for a new one.";
    PAY_LINK_PAID = "This order is paid. Thank you!";
    PAY_LINK_ENDED = "This payment link has expired or its order was canceled. Ask the shop for a new one.";
    PAY_LINK_PAYING = "A payment of this order is under way: confirm it on your phone, or wait for its answer";
    PAY_LINK_CONFIRM = "Confirm the payment on your phone with your PIN. This page shows when it is paid.";
    PAY_LINK_DONE = "Paid. Thank you! Your order is confirmed.";

    // Who may do what.
    UNAUTHORIZED = "Unauthorized";
    ROLE_FORBIDS = "Your role does not allow this. Ask the shop's admin if you need it.";
    LANGUAGE_UNKNOWN = "Choose a language the shop speaks: en (English) or so (Somali).";
    OWN_ACCOUNT_ONLY = "You can only access your own account";
    OWN_ORDERS_ONLY = "You can only access your own orders";
    OWN_REVIEW_ONLY = "You can only delete your own review";
    OWN_ACCOUNT_UNDELETABLE = "You cannot delete your own account";
    LAST_ADMIN = "The last admin cannot be removed or demoted";
    TEMPORARY_PASSWORD = "Please change your temporary password first.";

    // Any request.
    INTERNAL_ERROR = "Something went wrong. Please try again.";
    UNAVAILABLE = "The shop is briefly unavailable. Please try again in a moment.";
    REQUEST_TIMEOUT = "The request took too long to arrive";
    REQUEST_TOO_LARGE = "The request is too large";
    INVALID_INPUT = "Invalid input";
    CONTROL_CHARACTERS = "{field} must not contain control characters";
    NOT_FOUND = "Not found";
    INVALID_PATH = "Invalid path: {reason}";
    INVALID_QUERY = "Invalid query: {reason}";
    JSON_REQUIRED = "Send the body as application/json";
    INVALID_JSON = "Invalid JSON body: {reason}";
    JSON_UNREADABLE = "Invalid JSON body";
    BODY_UNREADABLE = "The request body could not be read";
    IDEMPOTENCY_KEY_INVALID = "Idempotency-Key must be 1 to 100 visible characters";
    SEARCH_SORT_INVALID = "sort must be relevance, price-asc, price-desc or newest";
    PRODUCT_BODY_TYPE = "Send the product as JSON or multipart/form-data";
    TOO_MANY_FORM_FIELDS = "Too many form fields";
    INVALID_FORM_DATA = "Invalid form data: {reason}";
    FORM_FIELD_TOO_LONG = "A form field is too long";
    FORM_NOT_UTF8 = "Form fields must be UTF-8 text";

    // Forms' fields.
    FULL_NAME_REQUIRED = "Full name is required";
    NAME_REQUIRED = "Name is required";
    NAME_TOO_LONG = "Name is too long";
    EMAIL_REQUIRED = "Email is required";
    EMAIL_INVALID = "Email is invalid";
    PHONE_REQUIRED = "Phone number is required";
    PHONE_TOO_LONG = "Phone number is too long";
    PASSWORD_REQUIRED = "Password is required";
    CURRENT_PASSWORD_REQUIRED = "Current password is required";
    PASSWORD_TOO_SHORT = "Password must be at least 6 characters";
    PASSWORD_TOO_LONG = "Password must be at most 128 characters";
    CITY_REQUIRED = "City is required";
    DISTRICT_REQUIRED = "District is required";
    ADDRESS_REQUIRED = "Address is required";

    // Delivery zones and cash on delivery.
    ZONE_NAME_TOO_LONG = "Names of places are at most 100 characters";
    ZONE_FEE_INVALID = "Delivery fee must be between 0 and 1000";
    ZONE_DAYS_INVALID = "Delivery days must be whole days from 0 to 60, the first no more than the second";
    ZONE_EXISTS = "{place} is already a delivery zone";
    ZONE_CITY_BY_DISTRICT = "{city} is delivered by district: name the district";
    ZONE_CITY_WHOLE = "{city} is delivered as a whole city: edit that zone instead";
    ZONE_UNKNOWN = "We do not deliver to {place}. Choose a place from the list.";
    ZONE_NOT_SERVED = "We are not delivering to {place} at the moment";
    LANDMARK_TOO_LONG = "Landmark is too long";
    COD_NEEDS_ZONE = "Cash on delivery needs a delivery address in a place we deliver to";
    COD_NOT_IN_ZONE = "Cash on delivery is not available in {place}";
    COD_OVER_MAX = "Cash on delivery is available for orders up to {max}";
    COD_MAX_INVALID = "The most paid in cash must be between 0 and 10000";
    DISPATCH_WITH_ANOTHER = "Order {order} is already out with {rider}";
    DISPATCH_NOT_READY = "Order {order} cannot go out: it is {status}";
    DISPATCH_NOT_PAID = "Order {order} is not paid yet";
    RIDER_UNKNOWN = "Choose one of the shop's riders";
    ORDERS_TO_DISPATCH_REQUIRED = "Choose the orders to send out";
    CODE_WRONG = "That is not the delivery code. {tries} {tries|try|tries} left.";
    CODE_WRONG_LAST = "That is not the delivery code. No tries left: ask the shop to reset it.";
    CODE_LOCKED = "Five wrong codes were typed for this order. Ask the shop to reset its code.";
    REASON_UNKNOWN = "Choose why it was not delivered: unreachable, refused, wrongAddress or anotherDay";
    DELIVERY_NOT_FOUND = "Delivery not found";
    NO_CASH_COLLECTED = "This rider collected no cash that day";
    DAY_INVALID = "A day is written YYYY-MM-DD";
    CASH_NOT_TOTAL = "Collect the order's total in cash, {total}, and confirm it";

    // What is not there.
    PRODUCT_NOT_FOUND = "Product not found";
    ORDER_NOT_FOUND = "Order not found";
    RETURN_NOT_FOUND = "Return not found";
    REVIEW_NOT_FOUND = "Review not found";
    USER_NOT_FOUND = "User not found";
    MESSAGE_NOT_FOUND = "Message not found";
    DISCOUNT_NOT_FOUND = "Discount code not found";
    ZONE_NOT_FOUND = "Delivery zone not found";
    SITEMAP_NOT_FOUND = "Sitemap not found";
    SIZE_NOT_FOUND = "Size not found";

    // The cart and the wishlist.
    WISHLIST_ADDED = "Added to wishlist";
    WISHLIST_HAS_IT = "Product already in wishlist";
    WISHLIST_REMOVED = "Removed from wishlist";
    RESTOCK_REQUEST_CANCELED = "Request canceled";
    SIZE_REQUIRED = "Please select a size";
    OUT_OF_STOCK = "This product is out of stock";
    ONLY_LEFT = "Only {available} left in stock";
    NOT_ENOUGH_STOCK = "Not enough stock for {name}: {available} left";
    QUANTITY_AT_LEAST_ONE = "Quantity must be at least 1";
    QUANTITY_NOT_ZERO = "Quantity must be a whole number other than 0";
    QUANTITY_ONE_OR_MORE = "Quantity must be a whole number of 1 or more";
    NOT_IN_CART = "Product not in cart";
    NOT_IN_WISHLIST = "Product not in wishlist";
    CART_EMPTY = "Your cart is empty";

    // Discount codes.
    DISCOUNT_DELETED = "Discount code deleted";
    DISCOUNT_INACTIVE = "This discount code is not active";
    DISCOUNT_NOT_STARTED = "This discount code is not valid yet";
    DISCOUNT_EXPIRED = "This discount code has expired";
    DISCOUNT_USED_UP = "This discount code has been used up";
    DISCOUNT_BELOW_MINIMUM = "This discount code needs a subtotal of at least {minimum}";
    DISCOUNT_ALREADY_USED = "You have already used this discount code";
    DISCOUNT_CHANGED = "This discount code has changed. Apply it again to see its new terms";
    DISCOUNT_WITHDRAWN = "This discount code is no longer available";
    DISCOUNT_NO_LONGER_USABLE = "This discount code can no longer be used";

    // Checkout and payment.
    ORDER_PLACED = "Order placed successfully";
    CHECKOUT_IN_PROGRESS = "Checkout already in progress";
    PAYMENT_AWAITED = "Your previous payment is still being confirmed. Please wait before paying again.";
    PAYMENT_UNCONFIRMED = "We could not confirm your payment yet. Your order is saved as pending and we will confirm it shortly.";
    PAYMENT_FAILED = "Payment failed";
    CARD_PAGE_OPENED = "Pay on the card page to complete your order.";
    CARD_PAYMENT_NOT_FOUND = "There is no card payment to make for this order.";
    INSUFFICIENT_BALANCE = "Payment declined: insufficient {wallet} balance.";
    PAYMENT_REJECTED = "Payment was rejected on the phone.";
    PAYMENT_NOT_CONFIRMED_IN_TIME = "Payment was not confirmed on the phone in time.";
    PAYMENT_DECLINED_BY_PROVIDER = "Payment was declined by {wallet}.";
    PAID_AFTER_CLOSE_REFUNDED = "Your payment came after the order was closed, so we are paying it back to you. Nothing is charged.";
    CARD_DECLINED = "Your card payment was declined. No money was taken.";
    PROVIDER_FAILED = "The payment provider failed.";
    NOTICES_NOT_SET_UP = "This shop takes no payment notifications.";
    NOTICE_SIGNATURE_INVALID = "The notification's signature does not match.";
    NOTICE_UNREADABLE = "The notification could not be read.";
    PHONE_MISSING = "Please enter a phone number";
    PHONE_INVALID = "Please enter a valid EVC Plus number, such as 61 234 5678";
    PAYMENT_METHOD_UNSUPPORTED = "Unsupported payment method";
    PAYMENT_METHOD_UNAVAILABLE = "{method} is not available in this shop";
    WALLET_PHONE_INVALID = "Please enter a valid {wallet} number, such as {example}";
    MOBILE_PHONE_INVALID = "Please enter a valid Somali mobile number, such as 61 234 5678";
    WALLET_MISMATCH = "This number belongs to {wallet}. Choose {wallet} to pay with it.";
    NOT_A_WALLET_NUMBER = "Please enter a number of a wallet we take: {wallets}";

    // Reviews.
    REVIEW_DELETED = "Review deleted";
    NOT_A_BUYER = "Only shoppers who have received this product can review it";
    RATING_INVALID = "Rating must be a whole number from 1 to 5";
    REVIEW_MISSING = "Please write your review";
    REVIEW_TOO_LONG = "Review must be at most 5000 characters";
    TITLE_TOO_LONG = "Title must be at most 120 characters";

    // Returns.
    RETURN_NOT_DELIVERED = "Only delivered orders can be returned";
    RETURN_NOT_PAID = "Only paid orders can be returned";
    RETURN_REFUNDED_IN_FULL = "This order has been refunded in full";
    RETURN_WINDOW_CLOSED = "The 30 days to return this order ended on {ended}";
    RETURN_ALL_IN_RETURNS = "Every item of this order is already in a return";
    RETURN_NO_LINES = "Choose at least one item to return";
    RETURN_UNKNOWN_LINE = "This order has no item {line}";
    RETURN_TOO_MANY = "You can return at most {left} of {name}";
    RETURN_REASON_MISSING = "Please tell us why you are returning these items";
    RETURN_REASON_TOO_LONG = "Reason must be at most 1000 characters";
    RETURN_BACK_TO_REQUESTED = "A return cannot go back to requested";
    RETURN_APPROVED_FROM = "Only a requested return can be approved";
    RETURN_REJECTED_FROM = "Only a requested or approved return can be rejected";
    RETURN_RECEIVED_FROM = "Only an approved return can be marked received";
    RETURN_REFUNDED_FROM = "Only a received return can be refunded";
    RETURN_STATUS_INVALID = "Status must be approved, rejected, received or refunded";
    RETURN_STATUS_FILTER_INVALID = "status must be requested, approved, rejected, received or refunded";
    RETURN_CHANGED = "The return was changed by someone else. Please reload and try again.";
    ORDER_HAS_RETURNS = "This order has returns: settle them on the Returns screen instead of canceling the order";

    // Orders and refunds.
    ORDER_CHANGED = "The order was changed by someone else. Please reload and try again.";
    REOPENING_REFUNDED = "This order was canceled and its payment refunded, so it cannot be reopened. The shopper can place a new order.";
    REOPENING_CODE_UNUSABLE = "This order's discount code can no longer be used, so the order cannot be reopened";
    REFUND_UNDER_WAY = "A refund of this order is under way. Please reload and try again.";
    REFUND_UNCONFIRMED = "A refund was sent but its answer was not received. Check with the payment provider, then mark it refunded or send it again.";
    REFUND_NOTHING_TO_RESOLVE = "Only a refund whose answer was not received can be resolved";
    RESOLUTION_INVALID = "Resolution must be confirmed or resend";
    REVERSAL_REFUSED = "The payment could not be reversed: {reason}";
    RETURN_REFUND_REFUSED = "The refund could not be sent: {reason}";
    REFUND_PAYOUT_MISSING = "Say how the refund was paid out: in cash or to a wallet";
    REFUND_PAYOUT_INVALID = "Choose cash or a wallet: {wallets}";
    REFUND_PAYOUT_NOT_BY_HAND = "This refund goes back through the payment provider: there is nothing to record";
    ORDER_STATUS_INVALID = "Status must be pending, shipped, delivered or canceled";
    NOT_AWAITING_PAYMENT = "Only orders awaiting payment can be marked paid";
    HOLD_EXPIRED = "This order's payment was not confirmed in time: the order was canceled and its items went back on sale. If the payer was charged, refund them.";
    REFUND_UNANSWERED = "The refund was sent but its answer was not received ({reason}). Check with the payment provider, then mark it refunded or send it again.";

    // The back office.
    PRODUCT_DELETED = "Product deleted successfully";
    CODE_TAKEN = "This code is already in use";
    MESSAGE_CODE_GONE = "This password reset code can no longer be sent; the shopper can ask for a new one.";
    MESSAGE_ALREADY_QUEUED = "This message is already waiting to be sent.";
    REPORT_DAYS_INVALID = "days must be 7, 30 or 90";
    REVIEW_SORT_INVALID = "sort must be newest, highest or lowest";
    STOCK_CHANGED = "Stock changed since you opened this product: now {now}";
    SIZE_STOCK_CHANGED = "Stock of size {size} changed since you opened this product: now {now}";
    SIZE_GONE = "Size {size} was removed by someone else. Please reload and try again.";
    SKU_TAKEN = "SKU {sku} is already used by another product";

    // Pictures.
    NOT_AN_IMAGE = "Only image files are allowed";
    IMAGE_TOO_LARGE = "Images may be at most 5 MB";
    TOO_MANY_PIXELS = "Pictures may be at most 50 megapixels";
    IMAGE_REQUIRED = "Choose a picture to upload, as the form's image field";
    COLOUR_NOT_FOUND = "This product has no size in that colour";
    COLOUR_PICTURE_NOT_FOUND = "This colour has no such picture";
    COLOUR_PICTURES_FULL = "A colour holds at most {max} pictures: remove one first";
    COLOUR_PICTURES_ORDER = "List each of this colour's pictures once, in their new order";
    RESTOCK_IN_STOCK = "This size is in stock: add it to your bag instead";
    RESTOCK_SIZE_NEEDED = "Choose the size you want to be told about";
    RESTOCK_NOT_FOUND = "Request not found";
    COLOUR_PICTURES_BUSY = "Someone else is changing these pictures. Please try again.";


    // The catalogue as CSV and its sizes' grid.
    IMPORT_HANDLE_INVALID = "A handle is the product's id, or a new one of letters, digits, - and _ (at most 64)";
    IMPORT_PRICE_INVALID = "Price is not money: write dollars like 12.50";
    IMPORT_DISCOUNT_INVALID = "Discount must be a whole number from 0 to 100";
    IMPORT_STOCK_INVALID = "Stock must be a whole number of 0 or more";
    IMPORT_EXPORTED_STOCK_INVALID = "exported_stock must be a whole number of 0 or more: leave it as exported";
    IMPORT_FEATURED_INVALID = "Featured must be yes or no";
    IMPORT_SKU_ON_TWO_LINES = "SKU {sku} is on line {other} too";
    IMPORT_COLUMN_DIFFERS = "{column} differs from line {first} of the same product: leave it blank or the same";
    IMPORT_SIZES_ON_EVERY_ROW = "A product with sizes needs a size on each of its rows; one without sizes is one row";
    IMPORT_PICTURES_IN_FORM = "Pictures are changed in the product form: leave images as exported";
    IMPORT_EXPORTED_STOCK_NEEDED = "exported_stock is needed for stock the shop has: leave it as exported";
    IMPORT_NEW_PICTURES_IN_FORM = "A new product gets its pictures in the product form: leave images blank";
    IMPORT_ROWS_REFUSED = "{rows} {rows|row|rows} cannot be imported: nothing was written";
    IMPORT_STOCK_CHANGED = "Stock changed since the export: {now} left now. Export again and redo this row";
    IMPORT_SIZE_SOLD = "Size {size} sold since the export: {now} left now. Export again and redo this row";
    IMPORT_SIZE_REMOVED = "Size {size} was removed since the export. Export again";
    IMPORT_SKU_TAKEN = "SKU {sku} belongs to another product";
    SHEET_NOT_UTF8 = "The file must be CSV text in UTF-8";
    SHEET_LINE_UNREADABLE = "This line cannot be read as CSV: {error}";
    SHEET_EMPTY = "The file is empty: it needs the header row and a row per size";
    SHEET_COLUMN_UNKNOWN = "Unknown column '{name}': the columns are {columns}";
    SHEET_COLUMN_TWICE = "Column '{name}' is there twice";
    SHEET_COLUMNS_MISSING = "Missing columns: {columns}";
    SIZES_TOO_MANY = "A product can have at most {most} sizes";
    SIZE_NAME_MISSING = "Each size needs a name";
    SIZE_TOO_LONG = "A size may be at most {max} characters";
    COLOUR_TOO_LONG = "A colour may be at most {max} characters";
    SKU_TOO_LONG = "An SKU may be at most {max} characters";
    SIZE_CONTROL_CHARACTERS = "A size must not contain control characters";
    COLOUR_CONTROL_CHARACTERS = "A colour must not contain control characters";
    SKU_CONTROL_CHARACTERS = "An SKU must not contain control characters";
    SKU_CHARACTERS = "An SKU may only contain letters, digits and - _ . /";
    SIZE_STOCK_INVALID = "Stock of size {size} must be a whole number of 0 or more";
    SIZE_NOT_OF_PRODUCT = "Size {size} is not one of this product's sizes";
    SIZE_LISTED_TWICE = "Size {size} is listed twice";
    SIZE_EXPECTED_STOCK_INVALID = "Expected stock of size {size} must be a whole number of at least 0";
    SKU_USED_TWICE = "SKU {sku} is used twice";
}
