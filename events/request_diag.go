package events

// The Returns methods of the diagnostics requests (see request.go).

func (NetworkGetEvent) Returns(NetworkRequestDetail)    {}
func (NetworkDomainEvent) Returns(NetworkDomain)        {}
func (ConsoleGetEvent) Returns(ConsoleMessageDetail)    {}
func (TraceStartEvent) Returns(TraceStarted)            {}
func (TraceStopEvent) Returns(TraceResult)              {}
func (VitalsEvent) Returns(Vitals)                      {}
func (HARStartEvent) Returns(HARStarted)                {}
func (HARStopEvent) Returns(HARResult)                  {}
func (RecordStartEvent) Returns(RecordStarted)          {}
func (RecordStopEvent) Returns(RecordResult)            {}
func (InitScriptAddEvent) Returns(InitScriptsResult)    {}
func (InitScriptRemoveEvent) Returns(InitScriptsResult) {}
func (InitScriptsEvent) Returns(InitScriptsResult)      {}

// The tab-scoped diagnostics requests (see ontab.go and tabscoped.go).
// NetworkGetEvent answers while a dialog is open: it reads the log only.

func (e NetworkGetEvent) OnTab(id TargetID) NetworkGetEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e TraceStartEvent) OnTab(id TargetID) TraceStartEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e VitalsEvent) OnTab(id TargetID) VitalsEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e RecordStartEvent) OnTab(id TargetID) RecordStartEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e TraceStartEvent) TargetTab() TargetID  { return e.TabID }
func (e VitalsEvent) TargetTab() TargetID      { return e.TabID }
func (e RecordStartEvent) TargetTab() TargetID { return e.TabID }
