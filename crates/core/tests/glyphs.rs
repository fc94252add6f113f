//! Informant, Scid and ChessBase marks as files write them: diagram marks,
//! evaluation glyphs spaced or glued to the move (ASCII or Unicode), Scid's
//! crushing advantages, and the tags export writes for standard chess and
//! set-up positions. Each is read as the NAG it stands for, with a
//! diagnostic where a repair was made, and the game goes on.

use movetext_core::export::{write_game, ExportOptions};
use movetext_core::{read_game, Game, Severity};

fn mainline_nags(g: &Game) -> Vec<(String, Vec<u8>)> {
    g.mainline().into_iter().map(|id| (g.san(id), g.nags(id).to_vec())).collect()
}

fn no_errors(g: &Game) {
    assert!(!g.has_errors(), "{:?}", g.diagnostics());
}

fn fixed(g: &Game) -> Vec<String> {
    g.diagnostics().iter().filter(|d| d.severity == Severity::Fixed).map(|d| d.message.clone()).collect()
}

#[test]
fn scid_diagram_marks_keep_the_line_going() {
    let g = read_game(b"1. e4 e5 2. Nf3 D Nc6 3. Bb5 D' a6 *");
    no_errors(&g);
    let moves = mainline_nags(&g);
    assert_eq!(moves.len(), 6, "every move played: {moves:?}");
    assert_eq!(moves[2], ("Nf3".into(), vec![201]));
    assert_eq!(moves[4], ("Bb5".into(), vec![201]));
    assert!(fixed(&g).iter().any(|m| m.starts_with("D' read as the annotation $201")), "{:?}", fixed(&g));
    // Written back as the NAG.
    assert!(write_game(&g, &ExportOptions::default()).contains("2. Nf3 $201 Nc6 3. Bb5 $201 a6"));
}

#[test]
fn glyphs_written_apart_are_read_as_their_nags() {
    let g = read_game("1. e4 ~= e5 =/~ 2. Nf3 =/\u{221E} Nc6 =\u{221E} 3. Bb5 \u{2192} a6 == 4. Ba4 =~ *".as_bytes());
    no_errors(&g);
    let nags: Vec<Vec<u8>> = mainline_nags(&g).into_iter().map(|m| m.1).collect();
    // Compensation and attack are about the side that just moved.
    assert_eq!(nags, vec![vec![44], vec![45], vec![44], vec![45], vec![40], vec![10], vec![12]]);
    assert_eq!(fixed(&g).len(), 7, "each read is said: {:?}", fixed(&g));
}

#[test]
fn evaluations_glued_to_moves_are_the_move_and_its_nag() {
    let pgn = "1. e4 e5 2. Nf3+- Nc6 3. d4+= exd4 4. Nxd4+/- Nf6 5. Qh5+\u{2212} Nxh5 6. Nf5-+ d5 7. Nd6=+ *";
    let g = read_game(pgn.as_bytes());
    no_errors(&g);
    let moves = mainline_nags(&g);
    assert_eq!(moves.len(), 13, "{moves:?}");
    let nags: Vec<(&str, &[u8])> = moves.iter().map(|(s, n)| (s.as_str(), n.as_slice())).collect();
    assert_eq!(nags[2], ("Nf3", &[18][..]));
    assert_eq!(nags[4], ("d4", &[14][..]));
    assert_eq!(nags[6], ("Nxd4", &[16][..]));
    assert_eq!(nags[8], ("Qh5", &[18][..]));
    assert_eq!(nags[10], ("Nf5", &[19][..]));
    assert_eq!(nags[12].1, &[15][..]);
    assert!(fixed(&g).iter().any(|m| m == "Nf3+- read as the move Nf3 and the annotation +- ($18)"), "{:?}", fixed(&g));
    // A real check keeps its mark, and a glyph after it is read too.
    let g = read_game(b"1. e4 f5 2. Qh5+ +- g6 *");
    no_errors(&g);
    assert_eq!(mainline_nags(&g)[2], ("Qh5+".into(), vec![18]));
    // The check mark after the annotation marks.
    let g = read_game(b"1. e4 f5 2. Qh5!+ g6 *");
    no_errors(&g);
    assert_eq!(mainline_nags(&g)[2], ("Qh5+".into(), vec![1]));
}

#[test]
fn a_crushing_advantage_mid_game_is_no_result() {
    let g = read_game(b"1. e4 e5 2. Nf3 +-- Nc6 3. Bb5 --+ a6 *");
    no_errors(&g);
    assert_eq!(g.result(), "*");
    let moves = mainline_nags(&g);
    assert_eq!(moves.len(), 6, "the rest of the game is played: {moves:?}");
    assert_eq!((moves[2].1.clone(), moves[4].1.clone()), (vec![20], vec![21]));
    // At the end of the movetext it is still a win by forfeit.
    let g = read_game(b"[Result \"*\"]\n\n1. e4 e5 +--");
    assert_eq!(g.result(), "1-0");
    let g = read_game(b"1. e4 e5 --+ {forfeit}");
    assert_eq!(g.result(), "0-1");
}

#[test]
fn reduced_export_leaves_out_a_variant_tag_of_standard_chess() {
    for name in ["Standard", "normal", "Chess", "Regular", " standard "] {
        let g = read_game(format!("[Variant \"{name}\"]\n\n1. e4 *").as_bytes());
        let reduced = write_game(&g, &ExportOptions::reduced());
        assert!(!reduced.contains("[Variant"), "{name}: {reduced}");
        // The full export keeps every tag.
        assert!(write_game(&g, &ExportOptions::default()).contains(&format!("[Variant \"{name}\"]")));
    }
    let g = read_game(b"[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *");
    assert!(write_game(&g, &ExportOptions::reduced()).contains("[Variant \"Chess960\"]"));
}

#[test]
fn a_fen_without_setup_is_exported_with_it() {
    let g = read_game(b"[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *");
    assert!(g.diagnostics().iter().any(|d| d.message.contains("without SetUp")), "check still notes it");
    for opts in [ExportOptions::default(), ExportOptions::reduced()] {
        let out = write_game(&g, &opts);
        assert!(out.contains("[SetUp \"1\"]\n") && out.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"), "{out}");
        // Read back: no note, the same game.
        let again = read_game(out.as_bytes());
        assert!(again.diagnostics().is_empty(), "{:?}", again.diagnostics());
        assert_eq!(movetext_core::equivalent(&g, &again), Ok(()));
    }
    // A SetUp tag already there is not written twice.
    let g = read_game(b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *");
    assert_eq!(write_game(&g, &ExportOptions::default()).matches("[SetUp").count(), 1);
}
