use super::*;

fn input(rating: Option<f64>, title: Option<&str>, body: &str) -> ReviewInput {
    ReviewInput {
        rating,
        title: title.map(str::to_owned),
        body: body.to_owned(),
    }
}

#[test]
fn a_review_has_a_whole_rating_of_one_to_five_a_short_title_and_a_body() {
    let draft = input(Some(4.0), Some("  Lovely  "), "  Soft linen\nfits well ")
        .validate()
        .unwrap();
    assert_eq!(draft.rating.stars(), 4);
    assert_eq!(draft.title.as_deref(), Some("Lovely"));
    assert_eq!(draft.body, "Soft linen\nfits well");
    assert_eq!(
        input(Some(5.0), Some("   "), "ok")
            .validate()
            .unwrap()
            .title,
        None
    );
    for rating in [
        None,
        Some(0.0),
        Some(6.0),
        Some(4.5),
        Some(-1.0),
        Some(f64::NAN),
    ] {
        let errors = input(rating, None, "ok").validate().unwrap_err();
        assert_eq!(
            errors.get("rating"),
            Some("Rating must be a whole number from 1 to 5"),
            "{rating:?}"
        );
    }
}

#[test]
fn the_body_and_title_have_limits_counted_in_characters() {
    let errors = input(Some(3.0), None, " \n ").validate().unwrap_err();
    assert_eq!(errors.get("body"), Some("Please write your review"));
    let long = "ب".repeat(BODY_MAX + 1);
    let errors = input(Some(3.0), None, &long).validate().unwrap_err();
    assert_eq!(
        errors.get("body"),
        Some("Review must be at most 5000 characters")
    );
    assert!(input(Some(3.0), None, &"ب".repeat(BODY_MAX))
        .validate()
        .is_ok());
    let title = "x".repeat(TITLE_MAX + 1);
    let errors = input(Some(3.0), Some(&title), "ok").validate().unwrap_err();
    assert_eq!(
        errors.get("title"),
        Some("Title must be at most 120 characters")
    );
    let errors = input(Some(3.0), Some("a\u{1b}b"), "ok")
        .validate()
        .unwrap_err();
    assert_eq!(
        errors.get("title"),
        Some("title must not contain control characters")
    );
}

#[test]
fn authors_are_shown_by_first_name_and_last_initial() {
    assert_eq!(author_name("Amina Warsame"), "Amina W.");
    assert_eq!(author_name("  hodan  ali  yusuf "), "hodan Y.");
    assert_eq!(author_name("Faadumo"), "Faadumo");
    assert_eq!(author_name("Ayaan ĥassan"), "Ayaan Ĥ.");
    assert_eq!(author_name("   "), "Shopper");
}

#[test]
fn the_average_is_to_one_decimal_rounded_half_up() {
    let summary = |stars| RatingSummary { stars };
    assert_eq!(summary([0, 0, 0, 0, 0]).average_tenths(), 0);
    assert_eq!(summary([0, 0, 0, 3, 1]).average_tenths(), 43, "4.25");
    assert_eq!(summary([1, 0, 0, 0, 1]).average_tenths(), 30);
    assert_eq!(summary([0, 0, 1, 1, 1]).average_tenths(), 40);
    assert_eq!(summary([0, 0, 0, 2, 1]).average_tenths(), 43, "4.33");
    assert_eq!(summary([0, 0, 0, 1, 2]).average_tenths(), 47, "4.67");
    assert_eq!(summary([0, 0, 0, 0, 7]).count(), 7);
}

#[test]
fn lists_sort_newest_first_unless_asked() {
    assert_eq!(ReviewSort::parse(""), Some(ReviewSort::Newest));
    assert_eq!(ReviewSort::parse("highest"), Some(ReviewSort::Highest));
    assert_eq!(ReviewSort::parse("lowest"), Some(ReviewSort::Lowest));
    assert_eq!(ReviewSort::parse("best"), None);
}
