//! The civil date and time in UTC of a moment, for names and records: no time zone, no
//! dependency (Howard Hinnant's days-to-civil algorithm).

/// A moment in UTC, to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utc {
    /// The year.
    pub year: i64,
    /// The month, 1 to 12.
    pub month: i64,
    /// The day of the month, 1 to 31.
    pub day: i64,
    /// The hour, 0 to 23.
    pub hour: u64,
    /// The minute, 0 to 59.
    pub minute: u64,
    /// The second, 0 to 59.
    pub second: u64,
}

impl Utc {
    /// Now, by the system clock (1970-01-01 for a clock set before it).
    pub fn now() -> Utc {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Utc::at(seconds)
    }

    /// The moment `seconds` after 1970-01-01T00:00:00Z.
    pub fn at(seconds: u64) -> Utc {
        let (days, rest) = (seconds / 86_400, seconds % 86_400);
        let z = days as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        Utc {
            year: yoe + era * 400 + i64::from(month <= 2),
            month,
            day,
            hour: rest / 3600,
            minute: rest / 60 % 60,
            second: rest % 60,
        }
    }

    /// The date, `2026-12-07`.
    pub fn date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::Utc;

    #[test]
    fn known_moments_give_their_civil_dates() {
        assert_eq!(Utc::at(0).date(), "1970-01-01");
        // A leap day, and the second before the next day.
        let leap = Utc::at(951_868_799);
        assert_eq!(leap.date(), "2000-02-29");
        assert_eq!((leap.hour, leap.minute, leap.second), (23, 59, 59));
        assert_eq!(Utc::at(951_868_800).date(), "2000-03-01");
        assert_eq!(Utc::at(1_700_000_000).date(), "2023-11-14");
        assert_eq!(Utc::at(1_796_601_600).date(), "2026-12-07");
    }
}
