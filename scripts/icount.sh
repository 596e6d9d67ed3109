#!/usr/bin/env bash
# Instructions per random playout and per ply, counted by callgrind: exact
# and repeatable where wall-clock figures are noisy (a shared machine), and
# blind to where the code lies: a build can run a game some percent slower
# with the same instructions when unrelated code moves its hot loops (see
# docs/performance.md, "The regrouped engine"), so a refactoring is checked
# here as well as with scripts/cpu-ab.sh.
#
#   scripts/icount.sh NEW_BINARY [BASE_BINARY]
#   N=200 ONLY=equi scripts/icount.sh target/release/gdl /path/to/old/gdl
#
# Each row plays the same seeded games (seeds 1..N) with `gdl playout`; the
# count of a run with one game is subtracted so that loading is left out.
set -euo pipefail
cd "$(dirname "$0")/.."
NEW=${1:?usage: scripts/icount.sh NEW_BINARY [BASE_BINARY]}
BASE=${2:-}
N=${N:-100}
ONLY=${ONLY:-}
ROWS=(
    "games/tictactoe.gdl||Tic-tac-toe|4000"
    "games/hex.gdl|size=11|Hex 11|1"
    "games/ecalper.gdl|size=8|Ecalper 8|1"
    "games/pinch.gdl|size=13|Pinch 13|1"
    "games/carteso.gdl|size=9|Carteso 9|1"
    "games/equi.gdl|board=hex3-4|Equi hex3-4|1"
    "games/equi.gdl|board=hex5-6|Equi hex5-6|1"
    "games/connect-four.gdl||Connect Four|10"
    "games/gomoku.gdl||Gomoku 15|1"
    "games/connect6.gdl||Connect6 19|1"
    "games/yavalath.gdl||Yavalath 5|10"
    "games/draughts.gdl||English draughts|1"
    "games/breakthrough.gdl||Breakthrough|1"
    "games/reversi.gdl||Reversi|1"
    "games/havannah.gdl||Havannah 8|1"
    "games/y.gdl||Y 13|1"
    "games/lines-of-action.gdl||Lines of Action|1"
    "games/nine-mens-morris.gdl||Nine men's morris|1"
    "games/pentago.gdl||Pentago|1"
    "games/knightthrough.gdl||Knightthrough|1"
    "games/amazons.gdl||Amazons|1"
    "games/fox-and-hounds.gdl||Fox and hounds|1"
    "games/fifteen-puzzle.gdl||15 puzzle|1"
    "games/nine-mens-morris.gdl|quiet-draw=on|Morris, RBG's draw|1"
)
# Instructions of `gdl playout -n GAMES`.
ir() {
    local bin=$1 file=$2 opts=$3 games=$4 args=() out
    for o in $opts; do args+=(-o "$o"); done
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" playout "$file" \
        "${args[@]}" -n "$games" >/dev/null 2>&1
    awk '/^summary:/ {print $2}' "$out"
    rm -f "$out"
}
# Instructions per playout.
per_game() {
    local bin=$1 file=$2 opts=$3 n=$4
    echo $(( ($(ir "$bin" "$file" "$opts" $((n + 1))) - $(ir "$bin" "$file" "$opts" 1)) / n ))
}
if [[ -n "$BASE" ]]; then
    printf '| game | instr/ply | base instr/ply | new/base |\n|---|---:|---:|---:|\n'
else
    printf '| game | instr/playout | instr/ply |\n|---|---:|---:|\n'
fi
for row in "${ROWS[@]}"; do
    IFS='|' read -r file opts label scale <<<"$row"
    [[ -n "$ONLY" && "$file" != *"$ONLY"* ]] && continue
    n=$((N * scale))
    args=()
    for o in $opts; do args+=(-o "$o"); done
    plies=$("$NEW" playout "$file" "${args[@]}" -n "$n" --seed 2 --json |
        awk -F': ' '/"mean_length"/ {sub(",", "", $2); print $2}')
    new=$(per_game "$NEW" "$file" "$opts" "$n")
    if [[ -n "$BASE" ]]; then
        old=$(per_game "$BASE" "$file" "$opts" "$n")
        awk -v l="$label" -v a="$new" -v b="$old" -v p="$plies" 'BEGIN {
            printf "| %s | %.0f | %.0f | %.3f |\n", l, a / p, b / p, a / b }'
    else
        awk -v l="$label" -v a="$new" -v p="$plies" 'BEGIN {
            printf "| %s | %.0f | %.0f |\n", l, a, a / p }'
    fi
done
