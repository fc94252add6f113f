#!/usr/bin/env bash
# Movetext command-line benchmark: builds the `movetext` command (release),
# repeats the samples of the bench corpus to a file of 1 GiB in a temporary
# directory (removed at the end), and times on it, one after the other:
#
#   movetext check -j 1 FILE > /dev/null   one thread
#   movetext check -j N FILE > /dev/null   all N cores
#   pgn-extract -s -o /dev/null FILE       parses every game, checks every
#                                          move and writes the games out
#   pgn-extract -r FILE                    parses every game and checks every
#                                          move, writes nothing
#   movetext search -j 1 / -j N --fen FEN  the games reaching 1. e4 e5 2. Nf3
#   pgn-extract -s -Tf"FEN" -o /dev/null   the same search
#   the same two for a rook ending no game reaches (every main line read)
#
# It prints the wall-clock time (of the searches, the best of five runs,
# MOVETEXT_BENCH_SEARCH_RUNS), MiB/s and peak resident memory of each (GNU
# /usr/bin/time), and the ratios: pgn-extract's time over movetext's, and
# movetext's one-thread time over its all-core time. pgn-extract (Debian
# package) is installed with apt-get when missing. See docs/benchmarks.md.
#
#   scripts/bench-cli.sh            everything
#   scripts/bench-cli.sh --search   the position searches only
#
# Environment: MOVETEXT_BENCH_CORPUS (default ../shared/corpus/bench from
# the repository root), MOVETEXT_BENCH_CLI_MB (default 1024), TMPDIR (where
# the file is made), CARGO_TARGET_DIR.
set -euo pipefail

cd "$(dirname "$0")/.."

only_search=0
for arg in "$@"; do
  case "$arg" in
    --search) only_search=1 ;;
    -h | --help)
      sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "unknown argument: $arg (try --help)" >&2
      exit 2
      ;;
  esac
done

corpus="${MOVETEXT_BENCH_CORPUS:-../shared/corpus/bench}"
mib="${MOVETEXT_BENCH_CLI_MB:-1024}"
target="${CARGO_TARGET_DIR:-target}"
cores="$(nproc)"

if [[ ! -x /usr/bin/time ]]; then
  echo "GNU time is needed: apt-get install time" >&2
  exit 2
fi
pgn_extract="$(command -v pgn-extract || true)"
if [[ -z $pgn_extract && -x /usr/games/pgn-extract ]]; then
  pgn_extract=/usr/games/pgn-extract
fi
if [[ -z $pgn_extract ]]; then
  apt-get install -y pgn-extract >/dev/null || sudo apt-get install -y pgn-extract >/dev/null
  pgn_extract="$(command -v pgn-extract || echo /usr/games/pgn-extract)"
fi

cargo build --release -p movetext-cli
movetext="$target/release/movetext"

dir="$(mktemp -d "${TMPDIR:-/tmp}/movetext-bench-cli.XXXXXX")"
trap 'rm -rf "$dir"' EXIT
file="$dir/bench.pgn"
samples=("$corpus"/*.pgn)
if [[ ! -e ${samples[0]} ]]; then
  echo "no samples in $corpus" >&2
  exit 2
fi
# The samples one after the other, again and again, to the size asked for.
cat "${samples[@]}" >"$dir/round.pgn"
want=$((mib * 1024 * 1024))
while (($(stat -c %s "$file" 2>/dev/null || echo 0) < want)); do
  cat "$dir/round.pgn" >>"$file"
done
rm "$dir/round.pgn"
bytes="$(stat -c %s "$file")"
echo
echo "file: $bytes bytes ($(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 1048576 }') MiB) from ${samples[*]}"
echo "machine: $cores cores; $(uptime | sed 's/.*load average/load average/')"
echo

declare -A secs
# Runs a command under GNU time, `runs` times (1 unless set); prints and
# keeps its figures under `name`: the best wall-clock time, to the
# millisecond (GNU time's own is to 10 ms), and the peak resident memory.
runs=1
measure() {
  local name="$1"
  shift
  local best="" kb_best=0 i t0 t1 kb s
  for ((i = 0; i < runs; i++)); do
    t0="$(date +%s%N)"
    /usr/bin/time -o "$dir/time" -f '%e %M' "$@" >/dev/null 2>"$dir/stderr" || {
      local code=$?
      # check exits 1 when a game has errors; anything else is a failure.
      if [[ $code -ne 1 ]]; then
        echo "$name failed ($code):" >&2
        tail -n 5 "$dir/stderr" >&2
        exit 1
      fi
    }
    t1="$(date +%s%N)"
    read -r _ kb <"$dir/time"
    s="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')"
    if [[ -z $best ]] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best="$s"
    fi
    ((kb > kb_best)) && kb_best="$kb"
  done
  secs[$name]="$best"
  awk -v n="$name" -v s="$best" -v kb="$kb_best" -v b="$bytes" \
    'BEGIN { printf "%-34s %8.3f s %9.1f MiB/s %9.1f MB resident\n", n, s, b / 1048576 / s, kb / 1024 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
if [[ $only_search == 0 ]]; then
  measure "movetext check -j 1" "$movetext" check -j 1 --no-progress "$file"
  measure "movetext check -j $cores" "$movetext" check -j "$cores" --no-progress "$file"
  measure "pgn-extract -s -o /dev/null" "$pgn_extract" -s -o /dev/null "$file"
  measure "pgn-extract -r" "$pgn_extract" -r "$file"
fi
# The searches take a tenth of a second or less: the best of five runs
# (on a shared machine a run of a tenth of a second is easily slowed).
runs="${MOVETEXT_BENCH_SEARCH_RUNS:-5}"
# A position search: the games that reach 1. e4 e5 2. Nf3 (any move order).
fen="rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
measure "movetext search -j 1" "$movetext" search -j 1 --no-progress --fen "$fen" "$file"
measure "movetext search -j $cores" "$movetext" search -j "$cores" --no-progress --fen "$fen" "$file"
measure "pgn-extract -s -Tf FEN -o /dev/null" "$pgn_extract" -s -Tf"$fen" -o /dev/null "$file"
# A rook ending without pawns, which no game reaches: every main line is
# read to its end, its pawns followed from the moves as written.
ending="8/8/4k3/8/8/3K4/8/R6r w - - 0 60"
measure "movetext search -j 1 (ending)" "$movetext" search -j 1 --no-progress --fen "$ending" "$file"
measure "pgn-extract -Tf ending" "$pgn_extract" -s -Tf"$ending" -o /dev/null "$file"
echo
echo "pgn-extract -Tf / movetext search -j 1:           $(ratio "${secs["pgn-extract -s -Tf FEN -o /dev/null"]}" "${secs["movetext search -j 1"]}")x"
echo "pgn-extract -Tf / movetext search -j $cores:           $(ratio "${secs["pgn-extract -s -Tf FEN -o /dev/null"]}" "${secs["movetext search -j $cores"]}")x"
echo "the same for the ending, -j 1:                    $(ratio "${secs["pgn-extract -Tf ending"]}" "${secs["movetext search -j 1 (ending)"]}")x"
if [[ $only_search == 1 ]]; then
  exit 0
fi
echo "pgn-extract -s -o /dev/null / movetext -j 1:      $(ratio "${secs["pgn-extract -s -o /dev/null"]}" "${secs["movetext check -j 1"]}")x"
echo "pgn-extract -s -o /dev/null / movetext -j $cores:      $(ratio "${secs["pgn-extract -s -o /dev/null"]}" "${secs["movetext check -j $cores"]}")x"
echo "pgn-extract -r / movetext -j 1:                   $(ratio "${secs["pgn-extract -r"]}" "${secs["movetext check -j 1"]}")x"
echo "pgn-extract -r / movetext -j $cores:                   $(ratio "${secs["pgn-extract -r"]}" "${secs["movetext check -j $cores"]}")x"
echo "movetext -j 1 / movetext -j $cores (of $cores cores):     $(ratio "${secs["movetext check -j 1"]}" "${secs["movetext check -j $cores"]}")x"
