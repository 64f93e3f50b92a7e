# The two commands: `make demo` runs the walk-through on an embedded site in
# headless Chromium; `make test` runs vet and every test, integration tests
# included. Both install what is missing first.
SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(PATH)

.PHONY: demo test deps deps-run build bench fuzz fidelity

# deps installs what the tests need (Chromium, a C compiler for -race, Go
# modules, and the end-to-end suites' npm packages); deps-run only what
# running agentbrowser needs (Chromium and the Go modules): no npm.
deps:
	@scripts/deps.sh

deps-run:
	@AGENTBROWSER_DEPS=run scripts/deps.sh

# bin/agentbrowser is the thin client (cmd/agentbrowser-thin), which hands
# command lines to a running daemon and execs bin/agentbrowser-full, the
# whole CLI, for everything else. Both are Go only; the thin client is one
# static binary (a binary that loads libc dynamically starts about 1 ms
# later). Building needs Go alone.
build:
	go build -o bin/agentbrowser-full ./cmd/agentbrowser
	CGO_ENABLED=0 go build -o bin/agentbrowser ./cmd/agentbrowser-thin

demo: deps-run build
	./bin/agentbrowser demo

test: deps
	go vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	go test -race -count=1 -p 1 -timeout 60m ./...

# bench runs the suite in bench/ (raw CDP, chromedp, go-rod, Playwright,
# agent-browser and agentbrowser on the same pages) and writes the tables
# into docs/performance.md; it also runs the Go benchmarks of the packages.
bench: deps
	go test -run '^$$' -bench . -benchtime 3x ./...
	scripts/bench.sh

# make fuzz FUZZTIME=30s fuzzes every target for FUZZTIME each; `make test`
# runs their seed corpora (testdata/fuzz/...) as ordinary tests.
FUZZTIME ?= 30s
FUZZ_TARGETS := \
	events:FuzzParseRef \
	cmd/agentbrowser:FuzzParseArgs \
	cmd/agentbrowser:FuzzDecodeRequest \
	mcpserver:FuzzLineReader \
	cmd/agentbrowser-thin:FuzzWire \
	internal/cdpmux:FuzzRoute \
	internal/cdpmux:FuzzReplyHeader \
	internal/snapshot:FuzzOptions \
	internal/termtext:FuzzEscape

.PHONY: fuzz
fuzz: deps
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzzing $$name in ./$$pkg for $(FUZZTIME)"; \
		go test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) ./$$pkg; \
	done

# fidelity compares the snapshot with Chrome's accessibility tree on the
# documentation pages installed on this machine and on testdata's hard
# cases (see docs/snapshot-fidelity.md).
fidelity: deps
	go test -tags fidelity -count=1 -v -run '^TestFidelity$$' -timeout 40m ./internal/snapshot $(FIDELITY_ARGS)
