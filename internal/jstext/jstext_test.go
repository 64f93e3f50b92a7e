package jstext

import "testing"

func TestCompact(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"indentation, blanks and comment lines go",
			"function () {\n  // why\n  const a = 1; // kept\n\n    return a;   \n}\n",
			"function () {\nconst a = 1; // kept\nreturn a;\n}"},
		{"line breaks stay for semicolon insertion",
			"let a = b\n  (c)\nreturn\n  x",
			"let a = b\n(c)\nreturn\nx"},
		{"a comment line that closes a block comment stays",
			"/* one\n  // two */\nx()",
			"/* one\n// two */\nx()"},
		{"backticks in strings and comments are fine",
			"line('```'); // a `b`\n  s = \"`\"",
			"line('```'); // a `b`\ns = \"`\""},
		{"an escaped quote does not end the string",
			"  s = 'it\\'s `'\n  t()",
			"s = 'it\\'s `'\nt()"},
	}
	for _, tt := range tests {
		if got := Compact(tt.src); got != tt.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}

func TestCompactLeavesMultiLineLiteralsAlone(t *testing.T) {
	for _, src := range []string{
		"const s = `a\n  // not a comment\n  b`;",
		"const s = 'a\\\n  b';",
		"x(); const s = `one line`;\n  y();",
	} {
		if got := Compact(src); got != src {
			t.Errorf("%q was changed to %q", src, got)
		}
	}
}
