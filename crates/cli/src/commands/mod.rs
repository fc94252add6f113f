//! The commands: each is a [`Command`], a function from one game to a
//! record, run on worker threads, and a sink writing the records in file
//! order; [`run`] runs one over its inputs.

pub mod check;
pub mod export;
pub mod filter;
pub mod index;
pub mod search;
pub mod tree;

use std::io::{self, Read, Write};

use crate::pipeline::{self, Event, Job, Options};

/// How a run ended, for the exit status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Some game has errors.
    pub game_errors: bool,
    /// Some input could not be opened or read to its end.
    pub read_errors: bool,
}

impl Outcome {
    /// The exit status: 2 for read errors, else 1 for games with errors, else 0.
    pub fn code(self) -> u8 {
        if self.read_errors {
            2
        } else if self.game_errors {
            1
        } else {
            0
        }
    }
}

/// A command: its work on each game, run on any thread, and its sink,
/// which is given the records in file order on the calling thread and
/// writes its output. The inputs that cannot be read are reported by
/// [`run`], the same for every command.
pub trait Command: Sync {
    /// What the work makes of a game.
    type Record: Send;
    /// What the sink keeps from one record to the next (counts, a tree),
    /// from its default.
    type Sink: Default;

    /// The record of one game.
    fn work(&self, job: Job<'_>) -> Self::Record;

    /// Takes the record of the next game, writing to `out` what it writes.
    fn write(&self, sink: &mut Self::Sink, record: Self::Record, out: &mut dyn Write) -> io::Result<()>;

    /// An input is read to its end, `bytes` bytes of PGN. Nothing by default.
    fn end_of_input(&self, _sink: &mut Self::Sink, _bytes: usize) {}

    /// After the last record: writes what comes last (a summary) and notes
    /// games with errors in `outcome`, whose read errors are known. Nothing
    /// by default.
    fn finish(&self, _sink: Self::Sink, _outcome: &mut Outcome, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// What a command runs over and writes to.
pub struct Context<'a> {
    /// The inputs, in order; `-` is `stdin`.
    pub files: &'a [String],
    /// Standard input.
    pub stdin: &'a mut (dyn Read + Send),
    /// Threads, bytes read at a time, progress bar.
    pub opts: Options,
    /// Where the output goes.
    pub out: &'a mut dyn Write,
    /// Where the messages of inputs that cannot be read go.
    pub err: &'a mut dyn Write,
}

/// Runs `command` over the inputs of `cx`. An input that cannot be opened
/// or read to its end is written to `cx.err` (after the records of the
/// games before the error) and noted in the outcome. Stops at the first
/// write error, which it returns.
pub fn run<C: Command>(command: &C, cx: &mut Context<'_>) -> io::Result<Outcome> {
    let mut outcome = Outcome::default();
    let mut sink = C::Sink::default();
    let Context { files, stdin, opts, out, err } = cx;
    let each = |event: Event<C::Record>| match event {
        Event::Game(record) => command.write(&mut sink, record, &mut **out),
        Event::End { bytes, .. } => {
            command.end_of_input(&mut sink, bytes);
            Ok(())
        }
        Event::Error { message, .. } => {
            outcome.read_errors = true;
            writeln!(err, "{message}")
        }
    };
    pipeline::run(files, &mut **stdin, *opts, |job| command.work(job), each)?;
    command.finish(sink, &mut outcome, &mut **out)?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a line per game; counts the games, and the ends of inputs as
    /// 1000 and their bytes; writes the count last.
    struct Lines;

    impl Command for Lines {
        type Record = usize;
        type Sink = usize;

        fn work(&self, job: Job<'_>) -> usize {
            job.number
        }

        fn write(&self, lines: &mut usize, number: usize, out: &mut dyn Write) -> io::Result<()> {
            *lines += 1;
            writeln!(out, "game {number}")
        }

        fn end_of_input(&self, lines: &mut usize, bytes: usize) {
            *lines += 1000 + bytes;
        }

        fn finish(&self, lines: usize, outcome: &mut Outcome, out: &mut dyn Write) -> io::Result<()> {
            outcome.game_errors = true;
            writeln!(out, "{lines} {}", outcome.read_errors)
        }
    }

    fn run_lines(files: &[&str], jobs: usize, out: &mut dyn Write) -> (io::Result<Outcome>, String) {
        let files: Vec<String> = files.iter().map(|f| f.to_string()).collect();
        let mut stdin: &[u8] = b"1. e4 *\n\n1. d4 *\n\n1. c4 *\n";
        let mut err = Vec::new();
        let opts = Options { jobs, chunk: 8, progress: false };
        let mut cx = Context { files: &files, stdin: &mut stdin, opts, out, err: &mut err };
        let outcome = run(&Lines, &mut cx);
        (outcome, String::from_utf8(err).unwrap())
    }

    #[test]
    fn the_sink_has_the_records_in_order_then_finishes() {
        for jobs in [1, 3] {
            let mut out = Vec::new();
            let (outcome, err) = run_lines(&["-", "/no/such/dir/games.pgn"], jobs, &mut out);
            let outcome = outcome.unwrap();
            // Three games, and the end of one input of 26 bytes.
            assert_eq!(String::from_utf8(out).unwrap(), "game 1\ngame 2\ngame 3\n1029 true\n");
            assert!(err.starts_with("movetext: cannot read /no/such/dir/games.pgn: ") && err.ends_with('\n'), "{err}");
            assert_eq!(outcome, Outcome { game_errors: true, read_errors: true });
            assert_eq!(outcome.code(), 2);
        }
    }

    #[test]
    fn a_write_error_stops_the_run_before_it_finishes() {
        /// Fails at the first write.
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::StorageFull.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        for jobs in [1, 3] {
            let (outcome, err) = run_lines(&["-"], jobs, &mut Broken);
            assert_eq!(outcome.unwrap_err().kind(), io::ErrorKind::StorageFull);
            assert_eq!(err, "");
        }
    }

    #[test]
    fn exit_status_puts_read_errors_first() {
        let code = |game_errors, read_errors| Outcome { game_errors, read_errors }.code();
        assert_eq!((code(false, false), code(true, false), code(false, true), code(true, true)), (0, 1, 2, 2));
    }
}
