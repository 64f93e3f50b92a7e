#!/usr/bin/env bash
# Installs what the demo and the tests need and is missing: a C compiler
# (for the race detector of make test; the product itself is Go only) and
# Chromium, from Debian's packages when we are root, and the Go modules.
set -euo pipefail

have_chrome() {
  [ -n "${CHROME_BIN:-}" ] && [ -x "${CHROME_BIN}" ] && return 0
  for b in chromium chromium-browser google-chrome google-chrome-stable; do
    command -v "$b" >/dev/null 2>&1 && return 0
  done
  return 1
}

if ! command -v go >/dev/null 2>&1; then
  if [ -x /usr/local/go/bin/go ]; then
    export PATH="/usr/local/go/bin:$PATH"
  else
    echo "deps: Go is missing: install Go 1.26 (https://go.dev/doc/install)" >&2
    exit 1
  fi
fi

# A C compiler and the C library's headers: the race detector (make test)
# needs cgo. make build and make demo do not.
have_cc() {
  command -v gcc >/dev/null 2>&1 || return 1
  [ -n "$(gcc -print-file-name=libc.so | grep /)" ]
}

# apt_install installs Debian packages when we are root and have apt-get
# (updating the package lists once); otherwise it installs nothing and fails.
apt_install() {
  { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; } || return 1
  echo "deps: installing $* with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "${apt_updated:-}" ]; then
    apt-get update -qq
    apt_updated=1
  fi
  apt-get install -y -qq "$@" >/dev/null
}

# AGENTBROWSER_DEPS=run: only what running agentbrowser needs (make
# demo): Chromium and the Go modules; no C compiler, no npm.
run_only=false
[ "${AGENTBROWSER_DEPS:-}" = "run" ] && run_only=true

if ! $run_only && ! have_cc && ! apt_install gcc libc6-dev; then
  echo "deps: gcc or libc6-dev is missing: run 'sudo apt-get install -y gcc libc6-dev' (Debian); make test needs them for -race" >&2
fi

# Xvfb, a virtual display, for the test of --headed (a browser with its
# windows shown); the product does not need it.
if ! command -v Xvfb >/dev/null 2>&1 && ! apt_install xvfb; then
  echo "deps: Xvfb is missing: run 'sudo apt-get install -y xvfb' (Debian); make test needs it for the --headed test" >&2
fi

if ! have_chrome && ! apt_install chromium; then
  echo "deps: Chromium is missing: run 'sudo apt-get install -y chromium' (Debian) or set CHROME_BIN" >&2
  exit 1
fi

go mod download
if $run_only; then
  exit 0
fi

# The MCP end-to-end test drives the server with the official TypeScript
# client, pinned in e2e/mcp/package-lock.json; the real-widget suite
# (e2e/widgets) loads widget libraries pinned in its package-lock.json; the
# storage state test (e2e/state) runs Playwright's storageState with
# playwright-core on the system Chromium; the HAR test (e2e/har) checks our
# HAR files with har-validator; the generality suite (e2e/apps)
# serves the applications pinned in its package-lock.json and drives them
# with the TypeScript MCP client.
# All install from their lockfiles; the widgets' install scripts (analytics
# only) are not run, and an install that is already in place is kept, so
# a machine without the registry still runs the tests.
npm_ci() {
  local dir="$(dirname "$0")/../$1"
  if [ -f "$dir/node_modules/.package-lock.json" ] && cmp -s "$dir/package-lock.json" "$dir/node_modules/.package-lock.json.src" 2>/dev/null; then
    return 0
  fi
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error ${2:-} && cp package-lock.json node_modules/.package-lock.json.src)
}
if command -v npm >/dev/null 2>&1; then
  npm_ci e2e/mcp
  npm_ci e2e/widgets --ignore-scripts
  npm_ci e2e/state
  npm_ci e2e/apps --ignore-scripts
  npm_ci e2e/har
else
  echo "deps: npm is missing: install Node.js and npm to run the MCP end-to-end test, the widget suite, the storage state test and the generality suite (they fail under CI=true)" >&2
fi
