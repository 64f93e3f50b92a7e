package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// maxNameBytes bounds a download's file name (most file systems allow 255).
const maxNameBytes = 200

// reservedNames are names Windows reserves whatever their extension; a
// file so named cannot be opened there, so a download never gets one.
var reservedNames = map[string]bool{
	"con": true, "prn": true, "aux": true, "nul": true,
	"com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true,
}

// SafeDownloadName turns the file name a page suggests into one that stays
// inside the download directory and opens everywhere: only its last path
// element; no control characters, no characters Windows forbids, no
// leading dots (no hidden file, no "..") or trailing dots and spaces, no
// reserved device name; at most 200 bytes, keeping the extension; and
// "download" when nothing is left.
func SafeDownloadName(suggested string) string {
	name := suggested
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == utf8.RuneError, r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			b.WriteByte('_')
		case strings.ContainsRune(`<>:"|?*`, r):
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	name = strings.TrimLeft(b.String(), ". ")
	name = strings.TrimRight(name, ". ")
	if name == "" {
		return "download"
	}
	// Windows reserves the name before the first dot: "LPT9.tar.gz" too.
	first, _, _ := strings.Cut(name, ".")
	if reservedNames[strings.ToLower(strings.TrimRight(first, " "))] {
		name = "_" + name
	}
	stem, ext := splitExt(name)
	if len(stem)+len(ext) > maxNameBytes {
		if len(ext) > 20 {
			ext = ""
		}
		stem = truncateUTF8(stem, maxNameBytes-len(ext))
	}
	return stem + ext
}

// splitExt splits "report.tar.gz" into "report.tar" and ".gz".
func splitExt(name string) (string, string) {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 {
		return name, ""
	}
	return name[:i], name[i:]
}

func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// claimName gives the file src (a downloaded file in dir) the name, or the
// first free one of "name (1).ext", "name (2).ext", ...: a hard link is
// made under the new name, which fails rather than replace anything
// (a file or a symbolic link a program left there), and then src goes.
func claimName(src, dir, name string) (string, error) {
	stem, ext := splitExt(name)
	for i := 0; i < 1000; i++ {
		cand := name
		if i > 0 {
			cand = fmt.Sprintf("%s (%d)%s", stem, i, ext)
		}
		dst := filepath.Join(dir, cand)
		err := os.Link(src, dst)
		if err == nil {
			_ = os.Remove(src)
			return dst, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("no free name for %s in %s", name, dir)
}
