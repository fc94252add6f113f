//! Running a command over its inputs: games are read a batch at a time by
//! one thread, each game is turned into a record by a command's function
//! on worker threads, and the records come back to the calling thread in
//! file order, where the command's sink writes them.
//!
//! A command is thus two parts: `work`, run on any thread, from one game's
//! bytes (with its offset and line in the file, and its number) to a
//! record; and `sink`, run on the calling thread, given the records (and
//! the end of each file, and read errors) in order.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender};
use std::sync::Mutex;

use movetext_core::stream::{Batch, GameBytes, GameStream};
use movetext_core::ReadBuffers;

use crate::input;
use crate::progress::Progress;

/// How to run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Worker threads; 1 runs everything on the calling thread.
    pub jobs: usize,
    /// Bytes read at a time.
    pub chunk: usize,
    /// Show a progress bar on standard error.
    pub progress: bool,
}

/// What a sink is given, in file order.
#[derive(Debug)]
pub enum Event<T> {
    /// The record of a game.
    Game(T),
    /// Input `file` is read to its end; `bytes`: its length as split (bytes
    /// of PGN, HTML line breaks turned).
    End {
        /// Index of the input.
        file: usize,
        /// Length of its PGN.
        bytes: usize,
    },
    /// Input `file` could not be opened or read to its end (after the
    /// records of the games before the error).
    Error {
        /// Index of the input.
        file: usize,
        /// What went wrong, naming the file and where.
        message: String,
    },
}

/// One game handed to a command's `work`.
pub struct Job<'a> {
    /// The game's bytes, offset and line in the file.
    pub game: GameBytes<'a>,
    /// 1-based number of the game over all inputs.
    pub number: usize,
    /// Buffers to read the game's tree with.
    pub buffers: &'a mut ReadBuffers,
}

/// What the reading thread gives: whole games (the number of the first),
/// or the end or the error of an input.
enum Piece {
    Batch { batch: Batch, first: usize },
    Event(Event<()>),
}

/// What comes back to the calling thread, numbered in reading order.
enum Done<T> {
    Records(Vec<T>),
    Event(Event<()>),
}

/// Reads `inputs` (`-`: `stdin`) and runs `work` on every game, giving the
/// records to `sink` in order. Stops at the first error of the sink (a
/// write error), which it returns.
pub fn run<T, W, S>(
    inputs: &[String],
    stdin: &mut (dyn Read + Send),
    opts: Options,
    work: W,
    mut sink: S,
) -> io::Result<()>
where
    T: Send,
    W: Fn(Job<'_>) -> T + Sync,
    S: FnMut(Event<T>) -> io::Result<()>,
{
    let progress = Progress::new(inputs, opts.progress);
    let result = if opts.jobs <= 1 {
        let mut buffers = ReadBuffers::default();
        let mut failed = None;
        let (spare, spare_rx) = channel();
        read(inputs, stdin, opts.chunk, &progress, &spare_rx, |m: Piece| {
            let r = match m {
                Piece::Batch { batch, first } => {
                    let r = batch.games().enumerate().try_for_each(|(i, game)| {
                        sink(Event::Game(work(Job { game, number: first + i, buffers: &mut buffers })))
                    });
                    let _ = spare.send(batch);
                    r
                }
                Piece::Event(e) => sink(event_of(e)),
            };
            r.map_err(|e| failed = Some(e)).is_ok()
        });
        failed.map_or(Ok(()), Err)
    } else {
        threaded(inputs, stdin, opts, &progress, &work, &mut sink)
    };
    progress.finish();
    result
}

/// [`run`] on `opts.jobs` worker threads, a reading thread and the calling one.
fn threaded<T, W, S>(
    inputs: &[String],
    stdin: &mut (dyn Read + Send),
    opts: Options,
    progress: &Progress,
    work: &W,
    sink: &mut S,
) -> io::Result<()>
where
    T: Send,
    W: Fn(Job<'_>) -> T + Sync,
    S: FnMut(Event<T>) -> io::Result<()>,
{
    // At most `window` batches are read and not yet written: memory stays
    // flat when writing is slower than reading.
    let window = opts.jobs * 2 + 2;
    let (token_tx, token_rx) = sync_channel::<()>(window);
    for _ in 0..window {
        token_tx.send(()).expect("the receiver is here");
    }
    let (work_tx, work_rx) = sync_channel::<(usize, Batch, usize)>(window);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = channel::<(usize, Done<T>)>();
    let (spare, spare_rx) = channel::<Batch>();
    std::thread::scope(|scope| {
        let reader_done = done_tx.clone();
        scope.spawn(move || {
            let mut seq = 0;
            read(inputs, stdin, opts.chunk, progress, &spare_rx, |m: Piece| {
                seq += 1;
                match m {
                    Piece::Batch { batch, first } => {
                        token_rx.recv().is_ok() && work_tx.send((seq - 1, batch, first)).is_ok()
                    }
                    Piece::Event(e) => reader_done.send((seq - 1, Done::Event(e))).is_ok(),
                }
            });
        });
        for _ in 0..opts.jobs {
            let done = done_tx.clone();
            let work_rx = &work_rx;
            let spare = spare.clone();
            scope.spawn(move || worker(work_rx, work, done, spare));
        }
        drop(spare);
        drop(done_tx);
        let result = sink_in_order(done_rx, &token_tx, sink);
        // On a write error, the threads stop once their channels are gone.
        drop(token_tx);
        result
    })
}

/// An event of the reading thread, for a sink of records of type `T`.
fn event_of<T>(e: Event<()>) -> Event<T> {
    match e {
        Event::Game(_) => unreachable!("games come in batches"),
        Event::End { file, bytes } => Event::End { file, bytes },
        Event::Error { file, message } => Event::Error { file, message },
    }
}

/// Turns batches into records until the reading thread is done.
fn worker<T, W>(
    work_rx: &Mutex<Receiver<(usize, Batch, usize)>>,
    work: &W,
    done: std::sync::mpsc::Sender<(usize, Done<T>)>,
    spare: Sender<Batch>,
) where
    W: Fn(Job<'_>) -> T + Sync,
{
    let mut buffers = ReadBuffers::default();
    // Once the records are no longer taken (a write error), batches are
    // still taken and dropped, so that the reading thread never waits for
    // room and ends.
    let mut taken = true;
    loop {
        let next = work_rx.lock().map_or(None, |rx| rx.recv().ok());
        let Some((seq, batch, first)) = next else { return };
        if !taken {
            continue;
        }
        let records: Vec<T> = batch
            .games()
            .enumerate()
            .map(|(i, game)| work(Job { game, number: first + i, buffers: &mut buffers }))
            .collect();
        let _ = spare.send(batch);
        taken = done.send((seq, Done::Records(records))).is_ok();
    }
}

/// Gives the records to `sink` in the order they were read.
fn sink_in_order<T, S>(
    done_rx: Receiver<(usize, Done<T>)>,
    tokens: &std::sync::mpsc::SyncSender<()>,
    sink: &mut S,
) -> io::Result<()>
where
    S: FnMut(Event<T>) -> io::Result<()>,
{
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for (seq, m) in done_rx {
        waiting.insert(seq, m);
        while let Some(m) = waiting.remove(&next) {
            next += 1;
            match m {
                Done::Records(records) => {
                    for r in records {
                        sink(Event::Game(r))?;
                    }
                    // The batch is written: one more may be read.
                    let _ = tokens.try_send(());
                }
                Done::Event(e) => sink(event_of(e))?,
            }
        }
    }
    Ok(())
}

/// Reads the inputs a batch at a time, handing each batch and the end of
/// each input (or its read error) to `emit` until it returns false. The
/// batches sent back on `spare` once done with are read into again.
fn read(
    inputs: &[String],
    stdin: &mut (dyn Read + Send),
    chunk: usize,
    progress: &Progress,
    spare: &Receiver<Batch>,
    mut emit: impl FnMut(Piece) -> bool,
) {
    let mut games = 0;
    for (file, name) in inputs.iter().enumerate() {
        let input = match input::open(name, &mut *stdin) {
            Ok(i) => i,
            Err(message) => {
                if !emit(Piece::Event(Event::Error { file, message })) {
                    return;
                }
                continue;
            }
        };
        progress.start_file(file);
        let source = input.source;
        let mut stream = GameStream::with_chunk(input.reader, chunk);
        loop {
            for batch in spare.try_iter() {
                stream.recycle(batch);
            }
            let event = match stream.next_batch() {
                Ok(Some(batch)) => {
                    let first = games + 1;
                    games += batch.len();
                    progress.advance(source.consumed(), games);
                    if !emit(Piece::Batch { batch, first }) {
                        return;
                    }
                    continue;
                }
                Ok(None) => Event::End { file, bytes: stream.position() },
                Err(e) => Event::Error { file, message: source.read_error(stream.position() as u64, &e) },
            };
            if !emit(Piece::Event(event)) {
                return;
            }
            break;
        }
    }
}
