package main

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// checkBuild compares the caller's build with the daemon's. A request from
// another build runs nothing: an idle daemon answers that it is being
// replaced and exits, so the caller starts one of its own build; a busy one
// refuses, since exiting would cut off the commands it is serving. Callers
// that send no build (older CLIs, scripts speaking the wire directly) are
// served as before.
func (d *daemon) checkBuild(req wireRequest) (reply, bool) {
	if req.Build == "" || req.Build == buildID() {
		return reply{}, false
	}
	d.mu.Lock()
	others := d.active - 1 // this request is counted in active
	d.mu.Unlock()
	if others > 0 {
		return errBodyReply(events.Errorf(events.CodeVersionMismatch,
			"the daemon of session %s runs agentbrowser %s and this CLI is %s; the daemon is busy with %d other command(s), so it was not replaced: retry when they finish, or run 'agentbrowser close' with the same CLI that started it",
			d.g.Session, buildID(), req.Build, others)), true
	}
	d.log.Info().Str("daemon_build", buildID()).Str("client_build", req.Build).Msg("replaced by a CLI of another build")
	go d.shutdown("replaced by a CLI of another build")
	rep := errBodyReply(events.Errorf(events.CodeVersionMismatch,
		"the daemon runs another build of agentbrowser; it ran nothing and is exiting so that the CLI can start its own"))
	rep.Replace = true
	return rep, true
}
