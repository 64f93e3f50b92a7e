package main

import (
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cli"
)

// checkBuild compares the caller's build with the daemon's: the identity
// of the full binary the thin client would run (Exe) with that of the
// file this daemon started from, or else the caller's build (Build: the
// full CLI's, or the thin client's reading of the full binary's, which a
// daemon of an older release compares). A
// request from another build runs nothing: an idle daemon answers that it
// is being replaced and exits, so the caller starts one of its own build
// (the thin client through the full binary); a busy one refuses, since
// exiting would cut off the commands it is serving. Callers that send
// neither (scripts speaking the wire directly) are served as before.
func (d *daemon) checkBuild(req cli.WireRequest) (cli.Reply, bool) {
	build := req.Build
	switch {
	case req.Exe != "" && d.exe != "":
		if req.Exe == d.exe {
			return cli.Reply{}, false
		}
		if build == "" {
			build = "the build of " + fullName
		}
	case build == "" || build == buildID():
		return cli.Reply{}, false
	}
	d.mu.Lock()
	others := d.active - 1 // this request is counted in active
	d.mu.Unlock()
	if others > 0 {
		return errorReply(events.Errorf(events.CodeVersionMismatch,
			"the daemon of session %s runs agentbrowser %s and this CLI is %s; the daemon is busy with %d other command(s), so it was not replaced: retry when they finish, or run 'agentbrowser close' with the same CLI that started it",
			d.g.Session, buildID(), build, others)), true
	}
	d.log.Info().Str("daemon_build", buildID()).Str("client_build", build).Msg("replaced by a CLI of another build")
	go d.shutdown("replaced by a CLI of another build")
	rep := errorReply(events.Errorf(events.CodeVersionMismatch,
		"the daemon runs another build of agentbrowser; it ran nothing and is exiting so that the CLI can start its own"))
	rep.Replace = true
	return rep, true
}

// fullName is the full binary as the thin client finds it, next to itself.
const fullName = "agentbrowser-full"
