#!/bin/sh
# bench-parallel-clicks.sh: ten parallel CLI clicks on one counter button
# against ten sequential ones, on a warm daemon. Prints both totals and the
# counter after each run (it must read 10 and 20). Needs a built binary:
#   go build -o /tmp/agentbrowser ./cmd/agentbrowser
#   scripts/bench-parallel-clicks.sh /tmp/agentbrowser
set -eu
AB=${1:-agentbrowser}
export AGENTBROWSER_HOME=$(mktemp -d)
trap '"$AB" close >/dev/null 2>&1; rm -rf "$AGENTBROWSER_HOME"' EXIT
page='data:text/html,<button onclick="n.textContent=%2Bn.textContent%2B1">add</button><p id=n>0</p>'
"$AB" open "$page" >/dev/null
ref=$("$AB" --json snapshot --interactive | sed -n 's/.*\[ref=\(e[0-9]*\)\].*/\1/p' | head -1)
[ -n "$ref" ] || ref=e1
now() { date +%s%N; }
t0=$(now)
for i in 1 2 3 4 5 6 7 8 9 10; do "$AB" click "$ref" >/dev/null & done
wait
t1=$(now)
echo "parallel:   $(( (t1 - t0) / 1000000 )) ms, counter $("$AB" --json eval "n.textContent" | sed "s/.*\"value\":\"\([0-9]*\)\".*/\1/")"
t0=$(now)
for i in 1 2 3 4 5 6 7 8 9 10; do "$AB" click "$ref" >/dev/null; done
t1=$(now)
echo "sequential: $(( (t1 - t0) / 1000000 )) ms, counter $("$AB" --json eval "n.textContent" | sed "s/.*\"value\":\"\([0-9]*\)\".*/\1/")"
