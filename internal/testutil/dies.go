package testutil

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// DiesFirst writes a stand-in for the browser binary (a Launch path or a
// Grid node's binary) that counts its starts and, on each of the first
// dies, prints DiedMessage and exits at once; later starts run chrome with
// the same arguments. It returns the stand-in's path and a function that
// reads how many times it was started.
func DiesFirst(t testing.TB, chrome string, dies int) (string, func() int) {
	t.Helper()
	dir := t.TempDir()
	count := filepath.Join(dir, "starts")
	script := filepath.Join(dir, "chrome.sh")
	text := "#!/bin/sh\necho start >> '" + count + "'\n" +
		"if [ \"$(wc -l < '" + count + "')\" -gt " + strconv.Itoa(dies) + " ]; then exec '" + chrome + "' \"$@\"; fi\n" +
		"echo '" + DiedMessage + "' >&2\nexit 3\n"
	if err := os.WriteFile(script, []byte(text), 0o700); err != nil {
		t.Fatal(err)
	}
	return script, func() int {
		b, err := os.ReadFile(count)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(b), "start")
	}
}

// DiedMessage is what DiesFirst's stand-in prints when it dies.
const DiedMessage = "the browser crashed while it started"

// AfterRealCrash runs attempt, which launches a fresh DiesFirst stand-in
// (dying once) and returns how that went, once more (three runs at most)
// while it fails with an error that does not name DiedMessage: the
// stand-in died and was relaunched, and then Chromium itself failed as it
// started. The stand-in's death uses up the one relaunch under test, so a
// real crash of the browser after it (Chromium now and then dies of a
// segmentation fault as it starts; it failed a CI run here) would
// otherwise fail a test of something else. attempt checks that the
// relaunch happened; an error that names the stand-in's death is returned
// at once, and one that stays after three runs is returned too.
func AfterRealCrash(t testing.TB, attempt func() error) error {
	t.Helper()
	for run := 1; ; run++ {
		err := attempt()
		if err == nil || run == 3 || strings.Contains(err.Error(), DiedMessage) {
			return err
		}
		t.Logf("the browser failed as it started after the stand-in's death (run %d); launching again: %v", run, err)
	}
}
