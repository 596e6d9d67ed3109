#!/usr/bin/env bash
# CPU time of two builds on the same fixed work, one table: for each game,
# PAIRS alternating runs (base, new, base, new, ...) of `gdl bench FILE
# --playouts N`, the same seeded games for both, and the median of the
# pairs' ratios new/base (below 1: the new build is faster). Pairing keeps
# the ratio steady while the machine's speed drifts: it resolves about 1%
# where playouts-per-second figures differ by 3-5% between runs.
#
#   scripts/cpu-ab.sh NEW_BINARY BASE_BINARY
#   PAIRS=12 ONLY=pinch SCALE=2 scripts/cpu-ab.sh target/release/gdl /tmp/old-gdl
#
# N is set per game for about half a second a run on the machine of
# docs/performance.md; SCALE multiplies it. A build older than `bench
# --playouts` is run, on both sides, as `gdl playout FILE -n N` (the same
# games, with a line printed for each, which dilutes the ratio).
set -euo pipefail
cd "$(dirname "$0")/.."
NEW=${1:?usage: scripts/cpu-ab.sh NEW_BINARY BASE_BINARY}
BASE=${2:?usage: scripts/cpu-ab.sh NEW_BINARY BASE_BINARY}
PAIRS=${PAIRS:-8}
SCALE=${SCALE:-1}
ONLY=${ONLY:-}

# file | options (space separated NAME=VALUE) | label | playouts
ROWS=(
    "games/tictactoe.gdl||Tic-tac-toe|1500000"
    "games/hex.gdl|size=11|Hex 11|65000"
    "games/ecalper.gdl|size=8|Ecalper 8|45000"
    "games/pinch.gdl|size=13|Pinch 13|16000"
    "games/carteso.gdl|size=9|Carteso 9|6000"
    "games/equi.gdl|board=hex3-4|Equi hex3-4|25000"
    "games/equi.gdl|board=hex5-6|Equi hex5-6|5000"
    "games/connect-four.gdl||Connect Four|330000"
    "games/gomoku.gdl||Gomoku 15|60000"
    "games/connect6.gdl||Connect6 19|30000"
    "games/yavalath.gdl||Yavalath 5|350000"
    "games/havannah.gdl||Havannah 8|6000"
    "games/y.gdl||Y 13|70000"
    "games/lines-of-action.gdl||Lines of Action|3000"
    "games/nine-mens-morris.gdl||Nine men's morris|16000"
    "games/pentago.gdl||Pentago|85000"
    "games/breakthrough.gdl||Breakthrough|65000"
    "games/knightthrough.gdl||Knightthrough|80000"
    "games/reversi.gdl||Reversi|36000"
    "games/amazons.gdl||Amazons|13000"
    "games/draughts.gdl||English draughts|36000"
    "games/fox-and-hounds.gdl||Fox and hounds|130000"
    "games/fifteen-puzzle.gdl||15 puzzle|40000"
    "games/nine-mens-morris.gdl|quiet-draw=on|Morris, RBG's draw|40000"
)

# Fixed work for both builds: `bench --playouts` if both have it.
mode=bench
for bin in "$NEW" "$BASE"; do
    "$bin" bench --help 2>/dev/null | grep -q -- --playouts || mode=playout
done

# CPU seconds (user + system) of one run of the command; stops the script
# if it fails.
cpu() {
    local TIMEFORMAT='%3U %3S' t
    if ! t=$({ time "$@" >/dev/null 2>&1; } 2>&1); then
        echo "error: failed: $*" >&2
        exit 1
    fi
    awk '{printf "%.3f\n", $1 + $2}' <<<"$t"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

printf '| game | playouts | CPU s | base CPU s | new/base (median of pairs) |\n'
printf '|---|---:|---:|---:|---:|\n'
for row in "${ROWS[@]}"; do
    IFS='|' read -r file opts label playouts <<<"$row"
    [[ -n "$ONLY" && "$file" != *"$ONLY"* ]] && continue
    n=$((playouts * SCALE))
    case $mode in
    bench) args=(bench "$file" --playouts "$n") ;;
    playout) args=(playout "$file" -n "$n") ;;
    esac
    for o in $opts; do args+=(-o "$o"); done
    new=() old=() ratios=()
    for _ in $(seq "$PAIRS"); do
        b=$(cpu "$BASE" "${args[@]}") || exit 1
        a=$(cpu "$NEW" "${args[@]}") || exit 1
        old+=("$b") new+=("$a")
        ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.4f\n", (b > 0 ? a / b : 0)}')")
    done
    printf '| %s | %d | %.3f | %.3f | %.3f |\n' "$label" "$n" \
        "$(printf '%s\n' "${new[@]}" | median)" \
        "$(printf '%s\n' "${old[@]}" | median)" \
        "$(printf '%s\n' "${ratios[@]}" | median)"
done
