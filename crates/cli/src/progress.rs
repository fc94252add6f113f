//! The progress bar of a long run, on standard error (only when it is a
//! terminal): bytes of the files read (compressed bytes for compressed
//! files) and games so far.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar over the inputs of a command, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// Size of each input, when known.
    sizes: Vec<Option<u64>>,
    /// Bytes of the inputs before the current one.
    before: std::sync::atomic::AtomicU64,
}

impl Progress {
    /// A bar for `inputs` when `show`.
    pub fn new(inputs: &[String], show: bool) -> Progress {
        let sizes: Vec<Option<u64>> = inputs.iter().map(|n| crate::input::size(n)).collect();
        let bar = show.then(|| {
            let known = sizes.iter().all(Option::is_some);
            let bar = if known {
                let bar =
                    ProgressBar::with_draw_target(Some(sizes.iter().flatten().sum()), ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template(
                        "{bar:30} {bytes}/{total_bytes} {binary_bytes_per_sec} {msg} (eta {eta})",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                bar
            } else {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {bytes} {binary_bytes_per_sec} {msg}")
                        .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                );
                bar
            };
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar, sizes, before: Default::default() }
    }

    /// Reading input `file` begins.
    pub fn start_file(&self, file: usize) {
        let before = self.sizes[..file].iter().flatten().sum();
        self.before.store(before, std::sync::atomic::Ordering::Relaxed);
    }

    /// `consumed` bytes of the current input are read, `games` games in all.
    pub fn advance(&self, consumed: u64, games: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(self.before.load(std::sync::atomic::Ordering::Relaxed) + consumed);
            bar.set_message(format!("{games} games"));
        }
    }

    /// Takes the bar off the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
