package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// Tabs lists the session's tabs.
type Tabs struct {
	Returns[TabsResult]
}

// TabsResult is the session's tabs, in the order positions count them.
type TabsResult struct {
	Tabs []events.TabInfo `json:"tabs"`
}

func (Tabs) Command() string { return "tabs" }

// NewTab opens a tab, at URL when it is set, and makes it active.
type NewTab struct {
	Returns[events.NewTabResult]
	URL string `json:"url,omitempty"`
}

func (NewTab) Command() string { return "tab_new" }

// SwitchTab makes a tab the active one: Tab is its id, a unique prefix of
// it, or its position in Tabs.
type SwitchTab struct {
	Returns[SwitchTabResult]
	Tab string `json:"tab"`
}

// SwitchTabResult is the tab made active.
type SwitchTabResult struct {
	Tab events.TabInfo `json:"tab"`
}

func (SwitchTab) Command() string { return "tab_switch" }

// Validate implements Validator.
func (q SwitchTab) Validate() error {
	if q.Tab == "" {
		return invalid("switching tabs needs a tab: an id, a unique prefix of one, or its number in the list").WithNext(events.StepListTabs)
	}
	return nil
}

// CloseTab closes a tab (Tab as SwitchTab takes it); empty means the tab
// the request is aimed at (Options.Tab), else the active one.
type CloseTab struct {
	Returns[events.CloseTabResult]
	Tab string `json:"tab,omitempty"`
}

func (CloseTab) Command() string { return "tab_close" }
