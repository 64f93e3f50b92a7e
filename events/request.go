package events

// The Returns methods make each request below a bus.Request of the one
// result type its owner answers with, so that bus.Ask and actions.Do infer
// the result from the event and an owner of the wrong type does not
// compile. They do nothing when called. A plugin declares its own requests
// the same way; an event without such a method is a notification, which is
// only observed.

func (TabsEvent) Returns([]TabInfo)          {}
func (NewTabEvent) Returns(NewTabResult)     {}
func (SwitchTabEvent) Returns(TabInfo)       {}
func (CloseTabEvent) Returns(CloseTabResult) {}

func (NavigateToURLEvent) Returns(NavigationResult) {}
func (GoBackEvent) Returns(NavigationResult)        {}
func (GoForwardEvent) Returns(NavigationResult)     {}
func (ReloadEvent) Returns(NavigationResult)        {}

func (ResolveRefEvent) Returns(ResolvedRef)              {}
func (LocateEvent) Returns(LocateResult)                 {}
func (ReadEvent) Returns(ReadResult)                     {}
func (ClickCoordinateEvent) Returns(ActionResult)        {}
func (ClickElementEvent) Returns(ActionResult)           {}
func (HoverEvent) Returns(ActionResult)                  {}
func (TypeTextEvent) Returns(ActionResult)               {}
func (PressKeyEvent) Returns(ActionResult)               {}
func (ScrollEvent) Returns(ActionResult)                 {}
func (SelectOptionEvent) Returns(ActionResult)           {}
func (SetCheckedEvent) Returns(ActionResult)             {}
func (UploadFileEvent) Returns(ActionResult)             {}
func (WaitEvent) Returns(ActionResult)                   {}
func (ScreenshotEvent) Returns(ScreenshotResult)         {}
func (EvaluateEvent) Returns(EvaluateResult)             {}
func (EvaluateStatsEvent) Returns(EvaluateStats)         {}
func (StopBusyScriptEvent) Returns(StopBusyScriptResult) {}
func (DialogRespondEvent) Returns(DialogInfo)            {}
func (DialogsEvent) Returns(DialogsResult)               {}
func (SetDialogPolicyEvent) Returns(DialogPolicyInfo)    {}
func (FramesEvent) Returns(FramesResult)                 {}
func (FrameLookupEvent) Returns(FrameInfo)               {}
func (CDPCallEvent) Returns(CDPCallResult)               {}
func (ConsoleEvent) Returns(ConsoleResult)               {}
func (NetworkEvent) Returns(NetworkResult)               {}
func (RouteEvent) Returns(RoutesResult)                  {}
func (UnrouteEvent) Returns(RoutesResult)                {}
func (RoutesEvent) Returns(RoutesResult)                 {}
func (EmulateEvent) Returns(Emulation)                   {}
func (EmulationEvent) Returns(Emulation)                 {}

// Gathers makes BrowserStateRequestEvent a bus.GatherRequest: every
// watchdog that knows a section of the page state contributes its own
// StatePart, and actions.State merges them.
func (BrowserStateRequestEvent) Gathers(StatePart) {}

func (CookiesEvent) Returns(CookiesResult)               {}
func (SetCookieEvent) Returns(CookiesResult)             {}
func (ClearCookiesEvent) Returns(CookiesResult)          {}
func (WebStorageEvent) Returns(WebStorageResult)         {}
func (SaveStorageStateEvent) Returns(StorageStateResult) {}
func (LoadStorageStateEvent) Returns(StorageStateResult) {}
func (DownloadsEvent) Returns(DownloadsResult)           {}
func (PDFEvent) Returns(PDFResult)                       {}
