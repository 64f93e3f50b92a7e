#!/usr/bin/env bash
# Soak: N mixed commands (open, snapshot, click, type, eval, tab new/close)
# in one session through the CLI. Prints the daemon's RSS, goroutines and
# live heap at 0, N/4, N/2 and N commands, the Chromium process count, and
# the number of failed commands (which must be zero).
#
#   scripts/soak.sh [N]        (default 2000; builds bin/agentbrowser)
set -euo pipefail
N=${1:-2000}
cd "$(dirname "$0")/.."
export PATH=/usr/local/go/bin:$PATH
go build -o bin/agentbrowser ./cmd/agentbrowser
AB="$PWD/bin/agentbrowser"
work=$(mktemp -d)
export AGENTBROWSER_HOME="$work/home"
mkdir -p "$AGENTBROWSER_HOME" "$work/site"
cat > "$work/site/index.html" <<'HTML'
<!doctype html><html><head><title>soak</title></head><body>
<h1>Soak</h1><button onclick="document.getElementById('n').textContent = +document.getElementById('n').textContent + 1">Add</button>
<span id="n">0</span><input aria-label="Name"><a href="/other.html">Other</a></body></html>
HTML
cat > "$work/site/other.html" <<'HTML'
<!doctype html><html><head><title>other</title></head><body><p>Other page</p><a href="/index.html">Back</a></body></html>
HTML
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/site" >/dev/null 2>&1 &
srv=$!
cleanup() { "$AB" --session soak close >/dev/null 2>&1 || true; kill "$srv" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 50); do curl -sf "$base/index.html" >/dev/null && break; sleep 0.1; done

ab() { "$AB" --session soak --json "$@"; }
errors=0
count=0
run() {
	local out
	count=$((count + 1))
	if ! out=$(ab "$@" 2>&1) || ! jq -e '.ok == true' >/dev/null 2>&1 <<<"$out"; then
		errors=$((errors + 1))
		echo "error at command $count ($*): $out" >&2
	fi
	last=$out
}
report() {
	local st pid rss chrome
	st=$(ab status)
	pid=$(jq -r .pid <<<"$st")
	rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
	# The daemon's descendants: its Chromium and Chromium's children.
	chrome=$(ps -e -o pid=,ppid=,comm= | awk -v root="$pid" '
		{ parent[$1] = $2; name[$1] = $3 }
		END { n = 0; for (p in parent) { q = parent[p]; while (q != "" && q != 0 && q != root) q = parent[q]; if (q == root && name[p] ~ /chrom/) n++ } print n }')
	printf '%6d commands: daemon RSS %6d KiB, goroutines %4s, heap %6s KiB, chromium processes %3s, errors %d\n' \
		"$count" "$rss" "$(jq -r .goroutines <<<"$st")" "$(( $(jq -r .heap_bytes <<<"$st") / 1024 ))" "$chrome" "$errors"
}

run open "$base/index.html"
count=0
report
start=$(date +%s)
marks=" $((N / 4)) $((N / 2)) $N "
while [ "$count" -lt "$N" ]; do
	case $((count % 10)) in
	0) run open "$base/index.html" ;;
	1) run snapshot --interactive
	   add=$(jq -r '.refs | to_entries[] | select(.value.role == "button") | .key' <<<"$last" | head -1)
	   name=$(jq -r '.refs | to_entries[] | select(.value.role == "textbox") | .key' <<<"$last" | head -1) ;;
	2) run click "${add:-e1}" ;;
	3) run type "${name:-e2}" "soak $count" ;;
	4) run eval "document.getElementById('n').textContent" ;;
	5) run tab new "$base/other.html"
	   tab=$(jq -r '.tab.id' <<<"$last") ;;
	6) run snapshot ;;
	7) run tab close "${tab:-none}" ;;
	8) run eval "[location.pathname, document.title].join(' ')" ;;
	9) run snapshot --no-tree ;;
	esac
	case "$marks" in *" $count "*) report ;; esac
done
echo "$count commands in $(( $(date +%s) - start )) s, $errors errors"
[ "$errors" -eq 0 ]
