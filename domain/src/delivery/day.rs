//! A delivery day: Somalia keeps East Africa Time all year (UTC+3), so a rider's day and
//! the cash they hand in run from its midnight to the next.

use chrono::{DateTime, Duration, NaiveDate, Utc};

const EAST_AFRICA_OFFSET_HOURS: i64 = 3;

fn offset() -> Duration {
    Duration::hours(EAST_AFRICA_OFFSET_HOURS)
}

/// The day `at` falls in, in Somalia.
pub fn day_of(at: DateTime<Utc>) -> NaiveDate {
    (at + offset()).date_naive()
}

/// When `day` starts and the next starts, in Somalia.
pub fn day_bounds(day: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    let start = day.and_hms_opt(0, 0, 0).expect("midnight exists").and_utc() - offset();
    (start, start + Duration::days(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_runs_from_midnight_in_somalia() {
        let at = |t: &str| t.parse::<DateTime<Utc>>().unwrap();
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        assert_eq!(day_of(at("2026-11-27T20:59:00Z")), day);
        assert_eq!(day_of(at("2026-11-26T21:00:00Z")), day);
        assert_eq!(day_of(at("2026-11-27T21:00:00Z")), day.succ_opt().unwrap());
        assert_eq!(
            day_bounds(day),
            (at("2026-11-26T21:00:00Z"), at("2026-11-27T21:00:00Z"))
        );
    }
}
