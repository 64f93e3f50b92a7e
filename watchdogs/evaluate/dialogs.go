package evaluate

import "github.com/agentbrowser/agentbrowser/events"

// blocking is the error of an evaluation a dialog stands in front of.
func blocking(info *events.DialogInfo) error {
	return events.DialogBlocks(*info, "")
}
