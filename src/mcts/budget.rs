//! [`Budget`]: how much searching one decision gets, as the command line
//! and the playground write it (`2000`, `1s`, `500ms`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How much searching one decision gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Exactly this many iterations (playouts) per decision.
    Iterations(u64),
    /// Iterations until this much time has passed.
    Time(Duration),
}

/// The forms [`Budget::from_str`] accepts, for error messages.
pub const BUDGET_FORMS: &str = "N iterations (2000), seconds (1s, 0.5s) or milliseconds (500ms)";

/// Longest time budget accepted: one hour.
pub const MAX_SECONDS: f64 = 3600.0;

impl FromStr for Budget {
    type Err = String;

    /// `2000` (iterations), `1s`, `2.5s`, `500ms`.
    fn from_str(s: &str) -> Result<Budget, String> {
        let bad = || format!("bad search budget `{s}`: give {BUDGET_FORMS}");
        let time = |v: &str, scale: f64| -> Result<Budget, String> {
            let x: f64 = v.parse().map_err(|_| bad())?;
            let secs = x * scale;
            if !(secs > 0.0 && secs <= MAX_SECONDS) {
                return Err(format!(
                    "search time `{s}` out of range: more than 0, at most {MAX_SECONDS} s"
                ));
            }
            Ok(Budget::Time(Duration::from_secs_f64(secs)))
        };
        if let Some(v) = s.strip_suffix("ms") {
            time(v, 0.001)
        } else if let Some(v) = s.strip_suffix('s') {
            time(v, 1.0)
        } else {
            match s.parse::<u64>() {
                Ok(0) => Err(format!("search budget `{s}`: at least 1 iteration")),
                Ok(n) => Ok(Budget::Iterations(n)),
                Err(_) => Err(bad()),
            }
        }
    }
}

impl fmt::Display for Budget {
    /// The form [`Budget::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(d) => {
                let ms = d.as_secs_f64() * 1000.0;
                if ms >= 1000.0 && ms % 1000.0 == 0.0 {
                    write!(f, "{}s", ms / 1000.0)
                } else if ms.fract() == 0.0 {
                    write!(f, "{ms}ms")
                } else {
                    write!(f, "{}s", d.as_secs_f64())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse_and_print() {
        assert_eq!("2000".parse(), Ok(Budget::Iterations(2000)));
        assert_eq!("1s".parse(), Ok(Budget::Time(Duration::from_secs(1))));
        assert_eq!(
            "500ms".parse(),
            Ok(Budget::Time(Duration::from_millis(500)))
        );
        assert_eq!(
            "0.25s".parse(),
            Ok(Budget::Time(Duration::from_millis(250)))
        );
        for bad in ["", "0", "-3", "x", "1m", "0s", "5000s", "ms", "1.5"] {
            assert!(bad.parse::<Budget>().is_err(), "{bad}");
        }
        for text in ["2000", "1s", "500ms", "1500ms", "3s"] {
            assert_eq!(text.parse::<Budget>().unwrap().to_string(), text);
        }
    }
}
