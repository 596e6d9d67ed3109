#!/usr/bin/env bash
# MCTS iterations per second against a random player, one game per row:
#
#   scripts/mcts-rate.sh NEW_BINARY [BASE_BINARY]
#   BUDGET=1s RUNS=3 scripts/mcts-rate.sh target/release/gdl
#
# BUDGET is the search per move: a number of iterations (default 3000), so
# that both binaries play the same games and search the same trees, or a
# time such as 1s (the games then differ: a faster search builds deeper
# trees, whose iterations cost more). With BASE, runs alternate.
set -euo pipefail
cd "$(dirname "$0")/.."
NEW=${1:?usage: scripts/mcts-rate.sh NEW_BINARY [BASE_BINARY]}
BASE=${2:-}
BUDGET=${BUDGET:-3000}
RUNS=${RUNS:-1}
ROWS=(
    "games/tictactoe.gdl||Tic-tac-toe"
    "games/hex.gdl|size=11|Hex 11"
    "games/ecalper.gdl|size=8|Ecalper 8"
    "games/pinch.gdl|size=13|Pinch 13"
    "games/carteso.gdl|size=9|Carteso 9"
    "games/equi.gdl|board=hex3-4|Equi hex3-4"
)
rate() {
    local bin=$1 file=$2 opts=$3 args=()
    for o in $opts; do args+=(-o "$o"); done
    "$bin" match "$file" "${args[@]}" --p1 "mcts:$BUDGET" --p2 random -n 1 --json |
        awk -F': ' '/"iterations_per_sec"/ {sub(",", "", $2); print $2; exit}'
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
if [[ -n "$BASE" ]]; then
    printf '| game | MCTS iterations/s | base | new/base |\n|---|---:|---:|---:|\n'
else
    printf '| game | MCTS iterations/s |\n|---|---:|\n'
fi
for row in "${ROWS[@]}"; do
    IFS='|' read -r file opts label <<<"$row"
    new=() old=()
    for _ in $(seq "$RUNS"); do
        [[ -n "$BASE" ]] && old+=("$(rate "$BASE" "$file" "$opts")")
        new+=("$(rate "$NEW" "$file" "$opts")")
    done
    n=$(printf '%s\n' "${new[@]}" | median)
    if [[ -n "$BASE" ]]; then
        o=$(printf '%s\n' "${old[@]}" | median)
        awk -v l="$label" -v n="$n" -v o="$o" 'BEGIN { printf "| %s | %.0f | %.0f | %.2f |\n", l, n, o, n / o }'
    else
        awk -v l="$label" -v n="$n" 'BEGIN { printf "| %s | %.0f |\n", l, n }'
    fi
done
