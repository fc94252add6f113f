//! Numbers as the page writes them.

/// A count with its thousands grouped: `100620` as `100,620`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `v` in tenths, rounded half away from zero: (sign, whole, tenth).
fn in_tenths(v: f64) -> (bool, u64, u64) {
    let t = (v * 10.0).round();
    let a = t.abs() as u64;
    (t < 0.0, a / 10, a % 10)
}

/// `v` to a tenth, the tenth left out when it is 0 (`400`, `362.5`,
/// `-0.5`): how board coordinates are written. Integer formatting only:
/// the standard library's formatting of floats is large in WebAssembly.
pub fn tenths(v: f64) -> String {
    let (negative, whole, tenth) = in_tenths(v);
    let sign = if negative { "-" } else { "" };
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

/// `v` with one decimal (`1.0`, `-0.5`), rounded half away from zero.
pub fn one_decimal(v: f64) -> String {
    let (negative, whole, tenth) = in_tenths(v);
    format!("{}{whole}.{tenth}", if negative { "-" } else { "" })
}

/// A number written in decimal (to six places) without the standard
/// library's float formatting, which is large in WebAssembly: `0.5`, `-2.25`,
/// `3`; nothing for a number that is not finite.
pub fn decimal_text(n: f64) -> String {
    if !n.is_finite() {
        return String::new();
    }
    let sign = if n < 0.0 { "-" } else { "" };
    let micro = (n.abs() * 1e6).round();
    if micro >= 9.0e15 {
        return format!("{sign}{}", u64::MAX);
    }
    let micro = micro as u64;
    let (whole, part) = (micro / 1_000_000, micro % 1_000_000);
    if part == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{part:06}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenths_are_written_without_float_formatting() {
        assert_eq!(tenths(400.0), "400");
        assert_eq!(tenths(362.04), "362");
        assert_eq!(tenths(362.05), "362.1");
        assert_eq!(tenths(-0.5), "-0.5");
        assert_eq!(tenths(-0.04), "0");
        assert_eq!(tenths(12.345), "12.3");
        assert_eq!(one_decimal(1.0), "1.0");
        assert_eq!(one_decimal(-0.25), "-0.3");
        assert_eq!(one_decimal(0.0), "0.0");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(100_620), "100,620");
        assert_eq!(grouped(8_552_245), "8,552,245");
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        assert_eq!(decimal_text(3.0), "3");
        assert_eq!(decimal_text(0.5), "0.5");
        assert_eq!(decimal_text(-2.25), "-2.25");
        assert_eq!(decimal_text(f64::NAN), "");
    }
}
