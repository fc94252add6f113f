//! The benchmark readers as a plain wasm module (no wasm-bindgen), driven by
//! `bench/wasm/run.mjs` under Node:
//!
//! 1. `mtb_sample_buffer(len)` returns the address of a `len`-byte buffer in
//!    linear memory; the host copies one sample file into it;
//! 2. `mtb_prepare(target)` repeats the sample to at least `target` bytes (the
//!    same [`corpus::repeat_to`] as the native host) and returns the length;
//! 3. the host times `mtb_read_trees`, `mtb_pgn_reader` and `mtb_index`, each
//!    returning the number of games (-1 if not built with the `ours` feature),
//!    then reads the details with `mtb_moves` / `mtb_errors`;
//! 4. `mtb_memory` measures open games of the sample, read back with
//!    `mtb_memory_mean` / `mtb_memory_worst`.
//!
//! Counts cross the boundary as `f64` so that Node receives plain numbers.
//!
//! Memory safety of the interface: no Rust code here is `unsafe`. The single
//! point where safety rests on the host is step 1: the host writes into the
//! bytes of the sample buffer, and it must do so only between calls, within
//! the `len` bytes it asked for, and before any later call that could move
//! the buffer (`mtb_sample_buffer` again). Every other access goes through the
//! `Mutex` below, and no reference into the buffer outlives a call.

use std::sync::Mutex;

use movetext_bench::{corpus, ours, peer, Memory, Tally};

struct State {
    /// The sample file, written by the host.
    sample: Vec<u8>,
    /// The sample repeated to the benchmark size.
    input: Vec<u8>,
    /// Result of the last reader run.
    tally: Tally,
    /// Result of the last `mtb_memory`.
    memory: Memory,
}

static STATE: Mutex<State> = Mutex::new(State {
    sample: Vec::new(),
    input: Vec::new(),
    tally: Tally { games: 0, moves: 0, errors: 0 },
    memory: Memory { games: 0, moves: 0, heap_bytes: 0, worst_per_move: 0.0 },
});

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Makes the sample buffer `len` bytes long (zeroed) and returns its address,
/// for the host to copy the sample into.
#[no_mangle]
pub extern "C" fn mtb_sample_buffer(len: usize) -> *mut u8 {
    let mut state = state();
    state.input = Vec::new();
    state.sample = vec![0; len];
    state.sample.as_mut_ptr()
}

/// Builds the benchmark input from the sample; returns its length in bytes.
#[no_mangle]
pub extern "C" fn mtb_prepare(target: usize) -> usize {
    let mut state = state();
    state.input = corpus::repeat_to(&state.sample, target);
    state.input.len()
}

/// 1 if Movetext's reader and index are measured by this build, else 0.
#[no_mangle]
pub extern "C" fn mtb_has_ours() -> u32 {
    u32::from(ours::ENABLED)
}

/// Movetext reading full trees with legal moves; returns the games read.
#[no_mangle]
pub extern "C" fn mtb_read_trees() -> f64 {
    run_ours(ours::read_trees)
}

/// Runs one of Movetext's measures on the input, keeping its tally; the
/// games it counted, or -1 without the `ours` feature.
fn run_ours(measure: fn(&[u8]) -> Option<Tally>) -> f64 {
    let mut state = state();
    match measure(&state.input) {
        Some(tally) => {
            state.tally = tally;
            tally.games as f64
        }
        None => -1.0,
    }
}

/// pgn-reader + shakmaty validating main-line moves; returns the games read.
#[no_mangle]
pub extern "C" fn mtb_pgn_reader() -> f64 {
    let mut state = state();
    let tally = peer::validate(&state.input);
    state.tally = tally;
    tally.games as f64
}

/// Movetext's header index; returns the games indexed.
#[no_mangle]
pub extern "C" fn mtb_index() -> f64 {
    let mut state = state();
    match ours::index(&state.input) {
        Some(games) => {
            state.tally = Tally { games, moves: 0, errors: 0 };
            games as f64
        }
        None => -1.0,
    }
}

/// Movetext's position index (every game read, its positions keyed);
/// returns the games indexed.
#[no_mangle]
pub extern "C" fn mtb_positions() -> f64 {
    run_ours(ours::positions)
}

/// Moves (or tree nodes) of the last reader run.
#[no_mangle]
pub extern "C" fn mtb_moves() -> f64 {
    state().tally.moves as f64
}

/// Games with an error in the last reader run.
#[no_mangle]
pub extern "C" fn mtb_errors() -> f64 {
    state().tally.errors as f64
}

/// Reads every game of the sample and holds it open to measure its heap
/// bytes; returns the games measured (-1 without the `ours` feature).
#[no_mangle]
pub extern "C" fn mtb_memory() -> f64 {
    let mut state = state();
    match ours::memory(&state.sample) {
        Some(memory) => {
            state.memory = memory;
            memory.games as f64
        }
        None => -1.0,
    }
}

/// Mean heap bytes per move of the last `mtb_memory`.
#[no_mangle]
pub extern "C" fn mtb_memory_mean() -> f64 {
    state().memory.mean_per_move()
}

/// Worst heap bytes per move of one game (of at least 20 moves) of the last
/// `mtb_memory`.
#[no_mangle]
pub extern "C" fn mtb_memory_worst() -> f64 {
    state().memory.worst_per_move
}
