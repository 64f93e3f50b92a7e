#!/usr/bin/env bash
# scale-local.sh measures how many concurrent local sessions this machine
# sustains with zero errors, and the memory per session. For each N it
# starts N sessions at once, runs ROUNDS rounds of open, snapshot, click by
# ref and eval in each, counts failed commands, and sums the resident memory
# of the browsers (PSS: shared pages split among the processes sharing them)
# while all N are open. Usage: scripts/scale-local.sh [N...] (default 2 4 8 12 16)
set -u
ROUNDS=${ROUNDS:-5}
BIN=$(mktemp -d)/agentbrowser
go build -o "$BIN" ./cmd/agentbrowser || exit 1
export AGENTBROWSER_HOME=$(mktemp -d)
PAGE="data:text/html,<button onclick='this.textContent=Number(this.textContent)+1'>0</button><p>text</p>"
rss_browsers() { # KiB of the browsers our daemons launched (each its own process group)
	local sum=0
	for d in $(pgrep -f "^$BIN serve"); do
		for b in $(pgrep -P "$d"); do
			for p in $(pgrep -g "$b"); do
				kb=$(awk '/^Pss:/{print $2}' /proc/$p/smaps_rollup 2>/dev/null)
				sum=$((sum + ${kb:-0}))
			done
		done
	done
	echo $sum
}
one() { # one session's work; prints the number of failed commands
	local s=$1 fails=0
	"$BIN" --session "$s" open "$PAGE" >/dev/null 2>&1 || fails=$((fails+1))
	for _ in $(seq 1 "$ROUNDS"); do
		"$BIN" --session "$s" --timeout-ms 30000 open "$PAGE" >/dev/null 2>&1 || fails=$((fails+1))
		# Refs are not reused across snapshots: click the one this snapshot gave.
		ref=$("$BIN" --session "$s" --timeout-ms 30000 snapshot 2>/dev/null | grep -o 'ref=e[0-9]*' | head -1 | cut -d= -f2)
		[ -n "$ref" ] || fails=$((fails+1))
		"$BIN" --session "$s" --timeout-ms 30000 click "${ref:-e1}" >/dev/null 2>&1 || fails=$((fails+1))
		"$BIN" --session "$s" --timeout-ms 30000 eval 1+1 >/dev/null 2>&1 || fails=$((fails+1))
	done
	echo $fails
}
for N in ${@:-2 4 8 12 16}; do
	start=$(date +%s.%N)
	for i in $(seq 1 "$N"); do one "s$i" > "$AGENTBROWSER_HOME/fails.$i" & done
	wait
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	rss=$(rss_browsers)
	fails=$(cat "$AGENTBROWSER_HOME"/fails.* | paste -sd+ | bc)
	cmds=$((N * (1 + 4 * ROUNDS)))
	echo "N=$N commands=$cmds failed=$fails wall=${secs}s browsers_rss=$((rss/1024))MB per_session=$((rss/1024/N))MB load=$(cut -d' ' -f1 /proc/loadavg)"
	for i in $(seq 1 "$N"); do "$BIN" --session "s$i" close >/dev/null 2>&1 & done
	wait
	rm -f "$AGENTBROWSER_HOME"/fails.*
done
