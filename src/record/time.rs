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

/// The seconds since 1970-01-01T00:00:00Z of a full timestamp (its offset applied), to order
/// records by their start; `None` for a date or time alone.
pub fn unix_seconds(t: &Datetime) -> Option<i64> {
    let (date, time) = (t.date?, t.time?);
    let offset_minutes = match t.offset? {
        Offset::Z => 0,
        Offset::Custom { minutes } => i64::from(minutes),
    };
    let days = days_from_civil(i64::from(date.year), date.month, date.day);
    let secs = i64::from(time.hour) * 3600
        + i64::from(time.minute) * 60
        + i64::from(time.second.unwrap_or(0));
    Some(days * 86_400 + secs - offset_minutes * 60)
}

/// The day count since 1970-01-01 of a date (proleptic Gregorian), after Howard Hinnant's
/// `days_from_civil` (the inverse of [`civil_from_days`]).
fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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
    fn timestamps_turn_back_into_seconds_with_their_offset() {
        for secs in [0, 951_782_400, 951_955_199, 1_700_000_000, 4_107_542_400] {
            let t = utc_from_unix(secs);
            assert_eq!(unix_seconds(&t), Some(secs as i64), "{t}");
        }
        let t: Datetime = "2023-11-15T00:13:20+02:00".parse().unwrap();
        assert_eq!(unix_seconds(&t), Some(1_700_000_000));
        let date_only: Datetime = "2023-11-15".parse().unwrap();
        assert_eq!(unix_seconds(&date_only), None);
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
