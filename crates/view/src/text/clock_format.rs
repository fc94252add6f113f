//! Clock display: formatting tenths of a second, and the starting clock
//! implied by a `TimeControl` tag (read by the core).

/// Formats a clock given in tenths of a second: `1:02:03`, `4:05`, or
/// `0:09.3` below twenty seconds.
pub fn format_clock(tenths: u32) -> String {
    let seconds = tenths / 10;
    let (h, m, s) = (seconds / 3600, (seconds / 60) % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if seconds < 20 {
        format!("{m}:{s:02}.{}", tenths % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

/// The clock each side starts with under a `TimeControl` value, in tenths of
/// a second; nothing for `?`, `-` or an unreadable value.
pub fn initial_clock(time_control: &str) -> Option<u32> {
    let tc = movetext_core::timecontrol::parse(time_control).ok()?;
    tc.initial_seconds()?.checked_mul(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(format_clock(36_000 + 20 * 600 + 30), "1:20:03");
        assert_eq!(format_clock(3000), "5:00");
        assert_eq!(format_clock(93), "0:09.3");
    }

    #[test]
    fn time_controls() {
        assert_eq!(initial_clock("300+2"), Some(3000));
        assert_eq!(initial_clock("1800"), Some(18_000));
        assert_eq!(initial_clock("40/9000:3600"), Some(90_000));
        assert_eq!(initial_clock("*180"), Some(900));
        assert_eq!(initial_clock("?"), None);
        assert_eq!(initial_clock("-"), None);
    }
}
