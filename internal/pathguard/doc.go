// Package pathguard keeps the paths a client gives inside the directories
// that client may use. The MCP server checks every path a tool would read
// or write with a Sandbox before the request leaves it: a path is made
// absolute (relative ones resolve in the sandbox's base), its symbolic
// links are followed, and what it resolves to must lie inside one of the
// allowed directories; a file to be written is resolved through its
// directory, and a symbolic link in its place is refused. What the check
// returns is the resolved path, which is what the caller then uses, so the
// link that was checked is not followed again. The files the server hands
// back to a client as content are read with safefile.ReadFile.
package pathguard
