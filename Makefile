# The two commands: `make demo` runs the walk-through on an embedded site in
# headless Chromium; `make test` runs vet and every test, integration tests
# included. Both install what is missing first.
SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(PATH)

.PHONY: demo test deps build bench fidelity

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

# fidelity compares the snapshot with Chrome's accessibility tree on the
# documentation pages installed on this machine and on testdata's hard
# cases (see docs/snapshot-fidelity.md).
fidelity: deps
	go test -tags fidelity -count=1 -v -run '^TestFidelity$$' -timeout 40m ./internal/snapshot $(FIDELITY_ARGS)
