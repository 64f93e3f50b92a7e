package request_test

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// pathWord matches a word of a field's Go or JSON name that says it holds
// a file or a directory.
var pathWord = regexp.MustCompile(`^(path|paths|file|files|filename|dir|dirs|directory|folder|save|dest|destination|output)$`)

// notPaths are the fields, as "command.json_name", whose name says path
// but that name no file: a cookie's path is part of a URL.
var notPaths = map[string]bool{"cookies_set.path": true}

// words splits a Go name (DownloadPath) or a JSON one (download_path) into
// lower-case words.
func words(name string) []string {
	var out []string
	start := 0
	for i, r := range name {
		switch {
		case r == '_' || r == '-':
			out = append(out, name[start:i])
			start = i + 1
		case i > start && r >= 'A' && r <= 'Z' && !(name[i-1] >= 'A' && name[i-1] <= 'Z'):
			out = append(out, name[start:i])
			start = i
		}
	}
	out = append(out, name[start:])
	for i := range out {
		out[i] = strings.ToLower(out[i])
	}
	return out
}

// looksLikePath reports whether f is a string or a list of strings whose
// Go name or JSON name says path.
func looksLikePath(f reflect.StructField) bool {
	if !stringy(f.Type) {
		return false
	}
	tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	for _, w := range append(words(f.Name), words(tag)...) {
		if pathWord.MatchString(w) {
			return true
		}
	}
	return false
}

// stringy reports whether a value of t is a string or a list of strings.
func stringy(t reflect.Type) bool {
	return t.Kind() == reflect.String || (t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String)
}

// jsonName is f's name in the JSON form.
func jsonName(f reflect.StructField) string {
	tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if tag == "" {
		return f.Name
	}
	return tag
}

// nestedPaths lists the fields below t's top level whose name says path:
// Paths declares top-level arguments only, so each is a path it misses.
func nestedPaths(t reflect.Type, where string, seen map[reflect.Type]bool) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return nil
	}
	seen[t] = true
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		at := where + "." + jsonName(f)
		if looksLikePath(f) {
			out = append(out, at)
		}
		out = append(out, nestedPaths(f.Type, at, seen)...)
	}
	return out
}

// TestPathsDeclaresEveryPathField walks every registered request type:
// each string or list-of-strings field whose name says path, file, dir or
// save must be visited by Paths under its JSON name, and replaced in the
// request Paths returns, so that a new request that takes a path cannot
// leave the CLI's resolution or the MCP server's sandbox behind. Paths
// visits nothing else.
func TestPathsDeclaresEveryPathField(t *testing.T) {
	found := 0
	for _, name := range request.Names() {
		q, ok := request.New(name)
		require.True(t, ok, name)
		rt := reflect.TypeOf(q)
		for i := range rt.NumField() {
			f := rt.Field(i)
			if !f.IsExported() || f.Anonymous {
				continue
			}
			for _, at := range nestedPaths(f.Type, name+"."+jsonName(f), map[reflect.Type]bool{}) {
				if !notPaths[at] {
					t.Errorf("%s looks like a path inside an argument: Paths declares top-level arguments only", at)
				}
			}
			if !looksLikePath(f) || notPaths[name+"."+jsonName(f)] {
				continue
			}
			found++
			checkDeclared(t, name, q, i)
		}

		// Paths visits nothing that does not look like a path.
		fields := map[string]reflect.StructField{}
		filled := reflect.New(rt).Elem()
		filled.Set(reflect.ValueOf(q))
		for i := range rt.NumField() {
			f := rt.Field(i)
			if !f.IsExported() || f.Anonymous {
				continue
			}
			fields[jsonName(f)] = f
			switch {
			case f.Type.Kind() == reflect.String:
				filled.Field(i).SetString("x")
			case stringy(f.Type):
				filled.Field(i).Set(reflect.ValueOf([]string{"x"}).Convert(f.Type))
			}
		}
		_, err := request.Paths(filled.Interface().(request.Request), func(_ *string, arg request.PathArg) error {
			if f, ok := fields[arg.Name]; !ok || !looksLikePath(f) || notPaths[name+"."+arg.Name] {
				t.Errorf("%s: Paths visits %q, which is not a path field of the request", name, arg.Name)
			}
			return nil
		})
		require.NoError(t, err, name)
	}
	require.GreaterOrEqual(t, found, 10, "upload, drop, state save and load, pdf, screenshot, network get, trace, HAR, record")
}

// checkDeclared sets field i of q, a name request, to relative paths and
// checks that Paths visits each under the field's JSON name and hands
// back what the visitor set, leaving q's own list alone.
func checkDeclared(t *testing.T, name string, q request.Request, i int) {
	t.Helper()
	rt := reflect.TypeOf(q)
	f := rt.Field(i)
	at := name + "." + jsonName(f)
	v := reflect.New(rt).Elem()
	v.Set(reflect.ValueOf(q))
	var want any
	if f.Type.Kind() == reflect.String {
		v.Field(i).SetString("rel")
		want = "/abs/rel"
	} else {
		v.Field(i).Set(reflect.ValueOf([]string{"a", "b"}).Convert(f.Type))
		want = []string{"/abs/a", "/abs/b"}
	}
	in := v.Interface().(request.Request)
	var visited []string
	got, err := request.Paths(in, func(p *string, arg request.PathArg) error {
		visited = append(visited, arg.Name)
		require.NotZero(t, arg.Use, "%s: no use", at)
		*p = "/abs/" + *p
		return nil
	})
	require.NoError(t, err, at)
	if !assertVisited(t, at, jsonName(f), visited) {
		return
	}
	require.Equal(t, want, plain(reflect.ValueOf(got).Field(i)), "%s: not replaced by what the visitor set", at)
	if f.Type.Kind() == reflect.Slice {
		require.Equal(t, []string{"a", "b"}, plain(reflect.ValueOf(in).Field(i)), "%s: the caller's list was written", at)
	}
}

// plain is a string or list-of-strings value as a string or a []string.
func plain(v reflect.Value) any {
	if v.Kind() == reflect.String {
		return v.String()
	}
	return v.Convert(reflect.TypeFor[[]string]()).Interface()
}

// assertVisited reports whether Paths visited the argument name of at,
// and fails the test when it did not.
func assertVisited(t *testing.T, at, name string, visited []string) bool {
	t.Helper()
	for _, v := range visited {
		if v == name {
			return true
		}
	}
	t.Errorf("%s looks like a path but Paths does not visit it: declare it in Paths (request/paths.go) with what the command does with it", at)
	return false
}

// TestPathsLeavesOptionalEmptyPaths: an optional path left empty is the
// command's to place, a required one is visited empty, and the
// visitor's error stops the walk.
func TestPathsLeavesOptionalEmptyPaths(t *testing.T) {
	visits := 0
	count := func(*string, request.PathArg) error { visits++; return nil }
	for _, q := range []request.Request{request.PDF{}, request.Screenshot{}, request.TraceStop{}, request.HARStop{}, request.RecordStop{}, request.NetworkGet{ID: "r-1"}, request.Click{}} {
		got, err := request.Paths(q, count)
		require.NoError(t, err)
		require.Equal(t, q, got)
	}
	require.Zero(t, visits)

	var arg request.PathArg
	_, err := request.Paths(request.SaveState{}, func(p *string, a request.PathArg) error { arg = a; return nil })
	require.NoError(t, err)
	require.Equal(t, request.PathArg{Name: "path", Use: request.PathWrite}, arg)

	boom := errors.New("boom")
	seen := []string{}
	got, err := request.Paths(request.Upload{Ref: events.Target{Ref: "e1"}, Files: []string{"a", "b", "c"}}, func(p *string, _ request.PathArg) error {
		seen = append(seen, *p)
		if *p == "b" {
			return boom
		}
		return nil
	})
	require.ErrorIs(t, err, boom)
	require.Nil(t, got)
	require.Equal(t, []string{"a", "b"}, seen)
}

// ExamplePaths makes every path a request names absolute, as the CLI does
// before it sends one to a daemon in another directory.
func ExamplePaths() {
	q := request.Upload{Ref: events.Target{Ref: "e5"}, Files: []string{"cv.pdf", "/tmp/photo.png"}}
	got, err := request.Paths(q, func(p *string, arg request.PathArg) error {
		if !strings.HasPrefix(*p, "/") {
			*p = "/home/me/" + *p
		}
		fmt.Printf("%s: %s (%s)\n", arg.Name, *p, arg.Use)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(got.(request.Upload).Files, q.Files)
	// Output:
	// files: /home/me/cv.pdf (a file it reads)
	// files: /tmp/photo.png (a file it reads)
	// [/home/me/cv.pdf /tmp/photo.png] [cv.pdf /tmp/photo.png]
}
