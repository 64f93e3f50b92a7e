package events

// The TargetTab methods mark the action events DialogWatchdog guards: each
// acts on one tab, which a pending dialog blocks. Add one for every new
// action event that targets a tab; a test in watchdogs/dialog fails when an
// event with a TabID field has neither a TargetTab method nor a place in its
// list of events that must answer while a dialog is open (state, lookups,
// raw CDP calls).

func (e NavigateToURLEvent) TargetTab() TargetID   { return e.TabID }
func (e GoBackEvent) TargetTab() TargetID          { return e.TabID }
func (e GoForwardEvent) TargetTab() TargetID       { return e.TabID }
func (e ReloadEvent) TargetTab() TargetID          { return e.TabID }
func (e ClickCoordinateEvent) TargetTab() TargetID { return e.TabID }
func (e ClickElementEvent) TargetTab() TargetID    { return e.TabID }
func (e HoverEvent) TargetTab() TargetID           { return e.TabID }
func (e TypeTextEvent) TargetTab() TargetID        { return e.TabID }
func (e PressKeyEvent) TargetTab() TargetID        { return e.TabID }
func (e ScrollEvent) TargetTab() TargetID          { return e.TabID }
func (e SelectOptionEvent) TargetTab() TargetID    { return e.TabID }
func (e SetCheckedEvent) TargetTab() TargetID      { return e.TabID }
func (e UploadFileEvent) TargetTab() TargetID      { return e.TabID }
func (e WaitEvent) TargetTab() TargetID            { return e.TabID }
func (e ScreenshotEvent) TargetTab() TargetID      { return e.TabID }
func (e EvaluateEvent) TargetTab() TargetID        { return e.TabID }
func (e PDFEvent) TargetTab() TargetID             { return e.TabID }
func (e WebStorageEvent) TargetTab() TargetID      { return e.TabID }
func (e LocateEvent) TargetTab() TargetID          { return e.TabID }
func (e ReadEvent) TargetTab() TargetID            { return e.TabID }
