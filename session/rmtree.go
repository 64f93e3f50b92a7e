package session

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
)

// removeWorkers bounds the goroutines removeTree uses.
const removeWorkers = 8

// removeTree removes dir and everything in it, as os.RemoveAll does, with
// the entries of dir and of its subdirectories removed by a few workers at
// once. A Chromium profile holds about 200 small files in some 60
// directories; one by one, their unlinks take 30-200 ms on a busy machine,
// which was most of a session's Close after the browser had been reaped.
// It returns when every worker has finished.
func removeTree(dir string) error {
	var paths []string
	top, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return os.RemoveAll(dir)
	}
	for _, e := range top {
		p := filepath.Join(dir, e.Name())
		if !e.IsDir() {
			paths = append(paths, p)
			continue
		}
		sub, err := os.ReadDir(p)
		if err != nil {
			paths = append(paths, p)
			continue
		}
		for _, s := range sub {
			paths = append(paths, filepath.Join(p, s.Name()))
		}
	}
	work := make(chan string)
	var wg sync.WaitGroup
	for range min(removeWorkers, len(paths)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				_ = os.RemoveAll(p)
			}
		}()
	}
	for _, p := range paths {
		work <- p
	}
	close(work)
	wg.Wait()
	// What is left are the emptied directories, and whatever a removal
	// above could not take, which this reports.
	return os.RemoveAll(dir)
}
