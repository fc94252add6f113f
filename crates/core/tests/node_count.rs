//! `Game::node_count` walks the tree by its links: it counts what a walk
//! of every node's children counts, in games read with nested variations
//! and in games edited afterwards (variations deleted and promoted).

use movetext_core::edit::{delete_from, make_main_line, play_san, promote};
use movetext_core::{read_game, Game, NodeId};

/// The moves of the tree, counted by a walk over each node's children.
fn counted(g: &Game) -> usize {
    let mut n = 0;
    let mut stack = vec![NodeId::ROOT];
    while let Some(id) = stack.pop() {
        for c in g.children(id) {
            n += 1;
            stack.push(c);
        }
    }
    n
}

const GAMES: [&str; 6] = [
    "",
    "*",
    "1. e4 *",
    "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) (2. Bc4) Nc6 *",
    "1. d4 (1. e4 (1. c4 e5 (1... c5) 2. Nc3) e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3) (1. Nf3) d5 2. c4 (2. Bf4) *",
    "1. e4 (1. d4) (1. c4) (1. Nf3 d5 (1... Nf6 (1... c5))) e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O (4. d3)) 4. Ba4 1-0",
];

#[test]
fn counts_what_a_walk_of_the_children_counts() {
    for text in GAMES {
        let g = read_game(text.as_bytes());
        assert_eq!(g.node_count(), counted(&g), "{text}");
    }
    let g = read_game(GAMES[5].as_bytes());
    assert_eq!(g.node_count(), 16);
}

#[test]
fn counts_the_tree_left_by_edits() {
    let g = read_game(GAMES[4].as_bytes());
    let before = g.node_count();
    let main = g.mainline();
    // A variation added at the second move, then made the main line.
    let (g, id) = play_san(&g, main[1], "Nf3").unwrap();
    assert_eq!(g.node_count(), before + 1);
    assert_eq!(g.node_count(), counted(&g));
    let g = make_main_line(&g, id).unwrap();
    assert_eq!(g.node_count(), counted(&g));
    // A variation promoted, then the first move's variations deleted.
    let first = g.mainline()[0];
    let alt = g.children(g.parent(first).unwrap()).nth(1).unwrap();
    let g = promote(&g, alt).unwrap();
    assert_eq!(g.node_count(), counted(&g));
    let root_moves: Vec<NodeId> = g.children(NodeId::ROOT).collect();
    let (g, _) = delete_from(&g, root_moves[1]).unwrap();
    assert_eq!(g.node_count(), counted(&g));
    assert!(g.node_count() < before);
}
