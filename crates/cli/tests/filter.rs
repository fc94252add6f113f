//! `movetext filter`: which games, written byte for byte.

mod common;

use std::collections::BTreeSet;

/// The numbers of the games (`[Event "Test N"]`) in `out`.
fn numbers(out: &[u8]) -> BTreeSet<usize> {
    let text = String::from_utf8(out.to_vec()).unwrap();
    text.lines().filter_map(|l| l.strip_prefix("[Event \"Test ")?.strip_suffix("\"]")?.parse().ok()).collect()
}

fn filter(args: &[&str]) -> Vec<u8> {
    let input = common::games(100);
    let args: Vec<&str> =
        ["filter", "-j", "2", "--chunk-size", "700"].iter().chain(args).chain(&["-"]).copied().collect();
    let (code, out, err) = common::run(&args, &input);
    assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    out
}

#[test]
fn without_conditions_the_input_comes_out_whole() {
    assert_eq!(filter(&[]), common::games(100));
}

#[test]
fn games_come_out_as_they_went_in() {
    let input = String::from_utf8(common::games(100)).unwrap();
    let out = String::from_utf8(filter(&["--result", "0-1"])).unwrap();
    // Each game is a run of the input: from its tags to the next game's.
    for game in out.split_inclusive("\n\n[").map(|g| g.trim_end_matches('[')) {
        let game = if game.starts_with('[') { game.to_string() } else { format!("[{game}") };
        assert!(input.contains(&game), "{game}");
    }
    assert_eq!(numbers(out.as_bytes()), (0..100).filter(|i| i % 4 == 1).collect());
}

#[test]
fn tags_select_games() {
    let all = |f: fn(&usize) -> bool| (0..100).filter(f).collect::<BTreeSet<usize>>();
    // Players: White is players[i % 5], Black players[(i / 5 + i + 1) % 5]; 1 is Bo Chen.
    let chen = all(|i| i % 5 == 1 || (i / 5 + i + 1) % 5 == 1);
    assert_eq!(numbers(&filter(&["--player", "CHEN"])), chen);
    assert_eq!(numbers(&filter(&["--player-is", "Bo Chen"])), chen);
    assert_eq!(numbers(&filter(&["--player-is", "Chen"])), BTreeSet::new());
    let ruiz = all(|i| i % 5 == 2 || (i / 5 + i + 1) % 5 == 2);
    assert_eq!(numbers(&filter(&["--player", "chen", "--player", "ruiz"])), &chen | &ruiz);
    // Dates: 2024.(i % 12 + 1).(i % 28 + 1).
    assert_eq!(numbers(&filter(&["--from", "2024.12"])), all(|i| i % 12 == 11));
    assert_eq!(numbers(&filter(&["--from", "2024-03-05", "--to", "2024.03.31"])), all(|i| i % 12 == 2 && i % 28 >= 4));
    assert_eq!(numbers(&filter(&["--to", "2023"])), BTreeSet::new());
    assert_eq!(numbers(&filter(&["--result", "1/2-1/2", "--result", "*"])), all(|i| i % 4 >= 2));
    // ECO: letter ["A".."E"][i % 5], number i % 100.
    assert_eq!(numbers(&filter(&["--eco", "B"])), all(|i| i % 5 == 1));
    assert_eq!(numbers(&filter(&["--eco", "B20-B59"])), all(|i| i % 5 == 1 && (20..60).contains(&(i % 100))));
    assert_eq!(numbers(&filter(&["--eco", "C", "--result", "1-0"])), all(|i| i % 5 == 2 && i % 4 == 0));
}

#[test]
fn errors_select_games() {
    let with = numbers(&filter(&["--errors"]));
    assert_eq!(with, (0..100).filter(|i| i % 7 == 3).collect());
    let without = numbers(&filter(&["--no-errors"]));
    assert_eq!(with.len() + without.len(), 100);
    assert!(with.is_disjoint(&without));
}

/// Games whose Date and UTCDate tags are written in many ways.
fn dated_games() -> Vec<u8> {
    let tags: [&[&str]; 10] = [
        &["Date \"2024.03.??\""],
        &["Date \"????.??.??\"", "UTCDate \"2024.03.15\""],
        &["Date \"2024.??.??\""],
        &[],
        &["Date \"2024/03/31\""],
        &["Date \"2024.13.01\"", "UTCDate \"2023.12.31\""],
        &["Date \"1997.??.12\""],
        &["Date \"2024.04.01\"", "UTCDate \"2023.01.01\""],
        &["Date \"2024-02-29\""],
        &["UTCDate \"2024.03.01\""],
    ];
    let mut out = String::new();
    for (i, tags) in tags.iter().enumerate() {
        out.push_str(&format!("[Event \"Test {i}\"]\n"));
        for t in *tags {
            out.push_str(&format!("[{t}]\n"));
        }
        out.push_str("\n1. e4 e5 *\n\n");
    }
    out.into_bytes()
}

#[test]
fn dates_are_spans_read_from_date_else_utcdate() {
    let input = dated_games();
    let pick = |args: &[&str]| {
        let args: Vec<&str> = ["filter", "-j", "2"].iter().chain(args).chain(&["-"]).copied().collect();
        let (code, out, err) = common::run(&args, &input);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        numbers(&out).into_iter().collect::<Vec<usize>>()
    };
    // An unknown month or day spans the year or the month; a Date whose year
    // is unknown, or that is no date, gives way to UTCDate; a game with
    // neither is left out; a day after an unknown month says nothing.
    assert_eq!(pick(&["--from", "2024.03", "--to", "2024.03"]), [0, 1, 2, 4, 9]);
    assert_eq!(pick(&["--from", "2024.03.16"]), [0, 2, 4, 7]);
    assert_eq!(pick(&["--to", "2024-03-15"]), [0, 1, 2, 5, 6, 8, 9]);
    assert_eq!(pick(&["--to", "2024.02.29"]), [2, 5, 6, 8]);
    assert_eq!(pick(&["--from", "2024.04"]), [2, 7]);
    assert_eq!(pick(&["--from", "2024.??.??"]), [0, 1, 2, 4, 7, 8, 9]);
    assert_eq!(pick(&["--from", "1997.06", "--to", "1997.06"]), [6]);
    assert_eq!(pick(&["--to", "1997"]), [6]);
}

#[test]
fn a_date_needs_a_known_year() {
    use clap::Parser;
    for bad in ["May", "????", "2024.13", "2024.05.32", "31.05.2024"] {
        let e = movetext_cli::args::Cli::try_parse_from(["movetext", "filter", "--to", bad, "-"]).unwrap_err();
        assert!(e.to_string().contains(&format!("`{bad}` is not a date: write YYYY, YYYY.MM or YYYY.MM.DD")), "{e}");
    }
}
