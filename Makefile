# The two commands: `make demo` runs the walk-through on an embedded site in
# headless Chromium; `make test` runs vet and every test, integration tests
# included. Both install what is missing first.
SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(PATH)

.PHONY: demo test deps build bench fuzz

deps:
	@scripts/deps.sh

build: deps
	go build -o bin/agentbrowser ./cmd/agentbrowser

demo: build
	./bin/agentbrowser demo

test: deps
	go vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	go test -race -count=1 -p 1 -timeout 60m ./...

bench: deps
	go test -run '^$$' -bench . -benchtime 3x ./...

# make fuzz FUZZTIME=30s fuzzes every target for FUZZTIME each; `make test`
# runs their seed corpora (testdata/fuzz/...) as ordinary tests.
FUZZTIME ?= 30s
FUZZ_TARGETS := \
	events:FuzzParseRef \
	cmd/agentbrowser:FuzzParseArgs \
	cmd/agentbrowser:FuzzDecodeRequest \
	internal/cdpmux:FuzzRoute \
	internal/cdpmux:FuzzReplyHeader \
	internal/snapshot:FuzzOptions

.PHONY: fuzz
fuzz: deps
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzzing $$name in ./$$pkg for $(FUZZTIME)"; \
		go test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) ./$$pkg; \
	done
