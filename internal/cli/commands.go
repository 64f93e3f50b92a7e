package cli

import "sort"

// commands is every command of the CLI. A command that acts on the
// browser turns its command line into a request (Parse), which the
// session's daemon runs; a Local one is run by the binary itself (see
// Env.Local). Help lists them by name.
var commands = []*Command{
	// Pages and tabs (core.go, actions.go).
	openCommand, backCommand, forwardCommand, reloadCommand, tabsCommand, tabCommand,
	// Reading the page (snapshot.go, core.go, get.go, find.go, frames.go, console.go).
	snapshotCommand, evalCommand, getCommand, isCommand, findCommand, readCommand,
	framesCommand, cdpCommand, consoleCommand, networkCommand, statsCommand,
	// Acting on it (click.go, actions.go, fill.go, drag.go, drop.go, mouse.go, wait.go).
	clickCommand, hoverCommand, typeCommand, pressCommand, scrollCommand, selectCommand,
	checkCommand, uncheckCommand, uploadCommand, fillCommand, dragCommand, dropCommand,
	mouseCommand, resizeCommand, screenshotCommand, waitCommand,
	// Dialogs (dialog.go).
	dialogCommand, dialogsCommand,
	// The session's state, emulation and routes (state.go, set.go, route.go).
	cookiesCommand, storageCommand, stateCommand, downloadsCommand, pdfCommand,
	setCommand, routeCommand, unrouteCommand, routesCommand,
	// Diagnostics (diag.go).
	traceCommand, vitalsCommand, harCommand, recordCommand, initScriptCommand,
	// Several at once (batch.go).
	batchCommand,
	// The session and the binary (core.go).
	closeCommand, statusCommand, sessionsCommand, serveCommand, versionCommand,
	skillCommand, demoCommand, mcpCommand,
}

// table is commands, for Lookup. It is set from init because batch parses
// its steps with the table (Lookup), which a variable's initializer cannot
// do without referring to itself. Lookup reads it in order: a map would be
// built on every start of the thin client to be read once.
var table []*Command

func init() { table = commands }

// Lookup finds a command by name.
func Lookup(name string) (*Command, bool) {
	for _, c := range table {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

// Commands lists the commands, sorted by name.
func Commands() []*Command {
	out := append([]*Command(nil), commands...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
