package events

// The OnTab methods let a caller aim any tab-scoped request at one tab
// without knowing its type: OnTab returns a copy of the event with TabID set
// to id, unless the event already names a tab (an explicit TabID wins).
// actions.Do uses them for the tab carried by its context (actions.WithTab),
// which is how the CLI's --tab flag and the daemon request's "tab" field
// reach every command. Add one for every new event with a TabID field; a
// test fails when one is missing.

func (e ClickCoordinateEvent) OnTab(id TargetID) ClickCoordinateEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e ClickElementEvent) OnTab(id TargetID) ClickElementEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e HoverEvent) OnTab(id TargetID) HoverEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e TypeTextEvent) OnTab(id TargetID) TypeTextEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e PressKeyEvent) OnTab(id TargetID) PressKeyEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e ScrollEvent) OnTab(id TargetID) ScrollEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e SelectOptionEvent) OnTab(id TargetID) SelectOptionEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e SetCheckedEvent) OnTab(id TargetID) SetCheckedEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e UploadFileEvent) OnTab(id TargetID) UploadFileEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e WaitEvent) OnTab(id TargetID) WaitEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e ScreenshotEvent) OnTab(id TargetID) ScreenshotEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e ConsoleEvent) OnTab(id TargetID) ConsoleEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e DialogRespondEvent) OnTab(id TargetID) DialogRespondEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e DialogsEvent) OnTab(id TargetID) DialogsEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e EvaluateEvent) OnTab(id TargetID) EvaluateEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e FramesEvent) OnTab(id TargetID) FramesEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e FrameLookupEvent) OnTab(id TargetID) FrameLookupEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e CDPCallEvent) OnTab(id TargetID) CDPCallEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e NavigateToURLEvent) OnTab(id TargetID) NavigateToURLEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e GoBackEvent) OnTab(id TargetID) GoBackEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e GoForwardEvent) OnTab(id TargetID) GoForwardEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e ReloadEvent) OnTab(id TargetID) ReloadEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e BrowserStateRequestEvent) OnTab(id TargetID) BrowserStateRequestEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e ResolveRefEvent) OnTab(id TargetID) ResolveRefEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e NetworkEvent) OnTab(id TargetID) NetworkEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e PDFEvent) OnTab(id TargetID) PDFEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e WebStorageEvent) OnTab(id TargetID) WebStorageEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e LocateEvent) OnTab(id TargetID) LocateEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e ReadEvent) OnTab(id TargetID) ReadEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e StopBusyScriptEvent) OnTab(id TargetID) StopBusyScriptEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}
