package request

// PathUse is what a command does with a path it is given: what a surface
// must check or resolve before the request leaves it.
type PathUse int

const (
	// PathRead names a file the command reads (a file to upload or drop,
	// a storage state to load).
	PathRead PathUse = iota + 1
	// PathWrite names a file the command writes; the request needs it.
	PathWrite
	// PathWriteOptional names a file the command writes when it is given;
	// empty, the command picks its own place (a new file in the session's
	// download directory).
	PathWriteOptional
	// PathDir names a directory the command writes files into; empty, the
	// command makes a new one in the session's download directory.
	PathDir
)

// Optional reports whether a path of this use may be left empty, the
// command then picking its own place.
func (u PathUse) Optional() bool { return u == PathWriteOptional || u == PathDir }

// String is the use in a few words, for messages and test failures.
func (u PathUse) String() string {
	switch u {
	case PathRead:
		return "a file it reads"
	case PathWrite:
		return "a file it writes"
	case PathWriteOptional:
		return "a file it may write"
	case PathDir:
		return "a directory it writes into"
	}
	return "an unknown use"
}

// PathArg says which argument of a request a path is and what the command
// does with it.
type PathArg struct {
	// Name is the argument's name in the request's JSON form: "path",
	// "files", "save", "dir".
	Name string
	Use  PathUse
}

// Paths is where the file paths of every request are declared: it calls
// visit on each path q names on the machine the browser session runs on,
// and returns q with each path replaced by what visit set it to. A surface
// walks it to make paths absolute (the CLI: the daemon's working directory
// is not the caller's) or to hold them to a sandbox (the MCP server), so
// that a new request that takes a path is seen by both; a test in this
// package fails when a request has a field that looks like a path and is
// not declared here.
//
// Each entry of a list of files is visited on its own, in a copy of the
// list: q's own slice is never written. An optional path left empty is
// not visited (the command picks its place); a required one is, empty or
// not. A batch's steps are requests of their own and are not entered. On
// the first error visit returns, Paths returns nil and that error.
func Paths(q Request, visit func(p *string, arg PathArg) error) (Request, error) {
	var err error
	switch v := q.(type) {
	case Upload:
		v.Files, err = visitEach(v.Files, PathArg{"files", PathRead}, visit)
		q = v
	case Drop:
		v.Files, err = visitEach(v.Files, PathArg{"files", PathRead}, visit)
		q = v
	case LoadState:
		err = visitOne(&v.Path, PathArg{"path", PathRead}, visit)
		q = v
	case SaveState:
		err = visitOne(&v.Path, PathArg{"path", PathWrite}, visit)
		q = v
	case Screenshot:
		err = visitOne(&v.Path, PathArg{"path", PathWriteOptional}, visit)
		q = v
	case PDF:
		err = visitOne(&v.Path, PathArg{"path", PathWriteOptional}, visit)
		q = v
	case NetworkGet:
		err = visitOne(&v.Save, PathArg{"save", PathWriteOptional}, visit)
		q = v
	case TraceStop:
		err = visitOne(&v.Path, PathArg{"path", PathWriteOptional}, visit)
		q = v
	case HARStop:
		err = visitOne(&v.Path, PathArg{"path", PathWriteOptional}, visit)
		q = v
	case RecordStop:
		err = visitOne(&v.Dir, PathArg{"dir", PathDir}, visit)
		q = v
	}
	if err != nil {
		return nil, err
	}
	return q, nil
}

// visitOne visits the path at p unless it is optional and left empty.
func visitOne(p *string, arg PathArg, visit func(*string, PathArg) error) error {
	if *p == "" && arg.Use.Optional() {
		return nil
	}
	return visit(p, arg)
}

// visitEach visits every path of ps in a copy of it, which it returns.
func visitEach(ps []string, arg PathArg, visit func(*string, PathArg) error) ([]string, error) {
	out := make([]string, len(ps))
	copy(out, ps)
	for i := range out {
		if err := visitOne(&out[i], arg, visit); err != nil {
			return nil, err
		}
	}
	return out, nil
}
