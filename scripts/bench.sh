#!/usr/bin/env bash
# One table of random-playout speed for every shipped game (one thread).
#
#   scripts/bench.sh                  # build release, 3 runs of 3 s per row
#   RUNS=5 SECONDS_PER_RUN=2 scripts/bench.sh
#   BASE=/path/to/old/gdl scripts/bench.sh   # alternate old/new runs, compare
#   GDL=/path/to/gdl scripts/bench.sh        # bench a given binary
#   ONLY=pinch scripts/bench.sh              # rows whose game file matches
#
# Each cell is the median of RUNS runs of `gdl bench FILE --json`. With BASE,
# the two binaries run alternately (old, new, old, new...) so that a busy
# machine slows both alike, and the table gains the base's median and the
# ratio new/base. µs/ply is 1e6 / plies per second.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
SECS=${SECONDS_PER_RUN:-3}
ONLY=${ONLY:-}
if [[ -z "${GDL:-}" ]]; then
    cargo build --release --quiet
    GDL=target/release/gdl
fi
BASE=${BASE:-}

# file | options (space separated NAME=VALUE) | label
ROWS=(
    "games/tictactoe.gdl||Tic-tac-toe"
    "games/hex.gdl|size=11|Hex 11"
    "games/ecalper.gdl|size=4|Ecalper 4"
    "games/ecalper.gdl|size=8|Ecalper 8"
    "games/pinch.gdl|size=7|Pinch 7"
    "games/pinch.gdl|size=13|Pinch 13"
    "games/pinch.gdl|size=19|Pinch 19"
    "games/carteso.gdl|size=9|Carteso 9"
    "games/equi.gdl|board=hex3-4|Equi hex3-4"
    "games/equi.gdl|board=hex5-6|Equi hex5-6"
    "games/equi.gdl|board=hex7-8|Equi hex7-8"
    "games/connect-four.gdl||Connect Four"
    "games/gomoku.gdl||Gomoku 15"
    "games/connect6.gdl||Connect6 19"
    "games/yavalath.gdl||Yavalath 5"
    "games/havannah.gdl||Havannah 8"
    "games/y.gdl||Y 13"
    "games/lines-of-action.gdl||Lines of Action"
    "games/nine-mens-morris.gdl||Nine men's morris"
    "games/pentago.gdl||Pentago"
    "games/breakthrough.gdl||Breakthrough"
    "games/knightthrough.gdl||Knightthrough"
    "games/reversi.gdl||Reversi"
    "games/amazons.gdl||Amazons"
    "games/draughts.gdl||English draughts"
)

# Prints "playouts_per_sec plies_per_sec" of one run.
run() {
    local bin=$1 file=$2 opts=$3 args=()
    for o in $opts; do args+=(-o "$o"); done
    "$bin" bench "$file" "${args[@]}" --seconds "$SECS" --json |
        awk -F'[:,]' '/"playouts_per_sec"/ {p=$2} /"plies_per_sec"/ {q=$2} END {print p, q}'
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

if [[ -n "$BASE" ]]; then
    printf '| game | playouts/s | base playouts/s | new/base | µs/ply | base µs/ply | mean plies |\n'
    printf '|---|---:|---:|---:|---:|---:|---:|\n'
else
    printf '| game | playouts/s | plies/s | µs/ply | mean plies |\n'
    printf '|---|---:|---:|---:|---:|\n'
fi
for row in "${ROWS[@]}"; do
    IFS='|' read -r file opts label <<<"$row"
    [[ -n "$ONLY" && "$file" != *"$ONLY"* ]] && continue
    new=() old=()
    for _ in $(seq "$RUNS"); do
        [[ -n "$BASE" ]] && old+=("$(run "$BASE" "$file" "$opts")")
        new+=("$(run "$GDL" "$file" "$opts")")
    done
    np=$(printf '%s\n' "${new[@]}" | awk '{print $1}' | median)
    nq=$(printf '%s\n' "${new[@]}" | awk '{print $2}' | median)
    if [[ -n "$BASE" ]]; then
        op=$(printf '%s\n' "${old[@]}" | awk '{print $1}' | median)
        oq=$(printf '%s\n' "${old[@]}" | awk '{print $2}' | median)
        awk -v l="$label" -v np="$np" -v nq="$nq" -v op="$op" -v oq="$oq" 'BEGIN {
            printf "| %s | %.0f | %.0f | %.2f | %.3f | %.3f | %.1f |\n",
                l, np, op, np / op, 1e6 / nq, 1e6 / oq, nq / np }'
    else
        awk -v l="$label" -v np="$np" -v nq="$nq" 'BEGIN {
            printf "| %s | %.0f | %.0f | %.3f | %.1f |\n", l, np, nq, 1e6 / nq, nq / np }'
    fi
done
