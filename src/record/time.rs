//! The start time of a record: an RFC 3339 UTC timestamp, stored as a native TOML datetime.
//!
//! Formatting a `SystemTime` as a calendar date is a dozen lines (the civil-from-days
//! algorithm), so no date crate is needed; parsing and writing go through `toml`'s `Datetime`.

use std::time::{SystemTime, UNIX_EPOCH};
use toml::value::{Date, Datetime, Offset, Time};

/// The current time, to the second, in UTC.
pub fn utc_now() -> Datetime {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    utc_from_unix(secs)
}

/// The UTC date and time `secs` seconds after 1970-01-01T00:00:00Z.
pub fn utc_from_unix(secs: u64) -> Datetime {
    let days = (secs / 86_400) as i64;
    let of_day = secs % 86_400;
    let (year, month, day) = civil_from_days(days);
    Datetime {
        date: Some(Date {
            year: year as u16,
            month,
            day,
        }),
        time: Some(Time {
            hour: (of_day / 3600) as u8,
            minute: (of_day / 60 % 60) as u8,
            second: Some((of_day % 60) as u8),
            nanosecond: None,
        }),
        offset: Some(Offset::Z),
    }
}

/// Whether a datetime is a full RFC 3339 timestamp (date, time and offset), as records need.
pub fn is_full_timestamp(t: &Datetime) -> bool {
    t.date.is_some() && t.time.is_some() && t.offset.is_some()
}

/// Year, month (1–12) and day (1–31) of a day count since 1970-01-01 (proleptic Gregorian),
/// after Howard Hinnant's `civil_from_days`.
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of the 400-year era, 0..146096
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..399
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the year from March 1st
    let mp = (5 * doy + 2) / 153; // month from March, 0..11
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_instants() {
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (951_955_199, "2000-03-01T23:59:59Z"),
            (1_700_000_000, "2023-11-14T22:13:20Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
        ];
        for (secs, text) in cases {
            assert_eq!(utc_from_unix(secs).to_string(), text, "{secs}");
        }
    }

    #[test]
    fn now_is_a_full_timestamp_that_parses_back() {
        let now = utc_now();
        assert!(is_full_timestamp(&now));
        let back: Datetime = now.to_string().parse().unwrap();
        assert_eq!(back, now);
        assert!(now.date.unwrap().year >= 2024);
    }
}
