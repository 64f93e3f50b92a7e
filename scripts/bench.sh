#!/usr/bin/env bash
# bench.sh runs the benchmark suite in bench/ (its own Go module, so library
# users do not inherit chromedp and go-rod) and splices the tables into
# bench/RESULTS.md between the bench markers; docs/performance.md
# summarises the latest run. N sets the runs per operation (default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/go/bin:$PATH
N=${N:-30}
make -s build
(cd bench && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
(cd bench && go build -o ../bin/bench . && go build -o ../bin/hello ./hello)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
	echo "Versions: agentbrowser $(git describe --always --dirty), chromedp $(cd bench && go list -m -f '{{.Version}}' github.com/chromedp/chromedp), go-rod $(cd bench && go list -m -f '{{.Version}}' github.com/go-rod/rod), mafredri/cdp $(cd bench && go list -m -f '{{.Version}}' github.com/mafredri/cdp), playwright-core $(node -p "require('./bench/node_modules/playwright-core/package.json').version"), agent-browser $(node -p "require('./bench/node_modules/agent-browser/package.json').version"), node $(node --version)."
	echo
	echo "Machine: $(uname -srm), $(nproc) CPUs, $(awk '/MemTotal/{printf "%.0f GB", $2/1048576}' /proc/meminfo) RAM, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start."
} >"$out"
(cd bench && ../bin/bench -mode api -n "$N" -out "$out")
(cd bench && ../bin/bench -mode cli -n "$N" -hello ../bin/hello -agentbrowser ../bin/agentbrowser -out "$out")
# The p95 of each action, 32 tabs driven concurrently as 32 agents (each
# pausing about a second between actions for its model's turn) through
# agentbrowser against the raw floor's 32, in six rounds; within a round
# both sides' tabs are open and take turns of 5 s (bench/turns.go). Without
# -rounds, bench -mode tabs times 32 tabs against one.
(cd bench && ../bin/bench -mode tabs -n "$N" -think 1s -rounds 6 -out "$out")
doc=bench/RESULTS.md
if grep -q '<!-- bench:start -->' "$doc"; then
	awk -v f="$out" '
		/<!-- bench:start -->/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
		/<!-- bench:end -->/ { skip = 0 }
		!skip' "$doc" >"$doc.tmp" && mv "$doc.tmp" "$doc"
	echo "tables written to $doc"
fi
