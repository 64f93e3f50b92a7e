//go:build !(cgo && linux)

package main

// fastOutcome: without cgo there is no fast path, and main.go does
// everything.
func fastOutcome() (fastState, string) { return fastNotSent, "" }
