// Package defaultaction is the DefaultActionWatchdog: it turns action events
// (navigation, clicks, typing, keys, scrolling, drags, drops, the mouse at
// coordinates, tabs, screenshots) into CDP input and page commands on the
// right tab, and reports what changed that an agent needs to know.
//
// # Where things are
//
// Each concern and the files that own it (the scripts they run in the page
// are under js/):
//
//   - The watchdog, its config and the table of what it owns:
//     watchdog.go (Attach registers one handler per event); one input at a
//     time per tab: inputlock.go; argument checks before a tab is touched:
//     check.go, upload_check.go and pseudofs_*.go.
//   - Refs and elements: refs.go (a ref or locator to its tab, ref errors,
//     ResolveRefEvent), element.go (a handle on the element: resolve,
//     call into its world, describe, release), locate.go (locators,
//     LocateEvent), targets.go (a tab's snapshot engine and frame targets).
//   - Aiming, the path every element action's pointer takes: aim.go (the
//     one-call aim in the page, quickAim, and the full path it shortcuts:
//     aim, aimOnce, aimCDP, scrollIntoView), aimframe.go (out-of-process
//     frames: the <iframe>'s box, routeInto), geometry.go (rects, the
//     viewport), force.go (force: aim once, else act through script).
//   - Mouse: click.go (ClickElementEvent), hover.go, mouse.go (mouse
//     events sent to a tab, where the pointer is), mousexy.go (the mouse
//     at coordinates: MouseEvent, ClickCoordinateEvent), drag.go (DragEvent:
//     aiming, the pointer path, native HTML5 drag interception, the pace),
//     dragreport.go (what a drag did: its outcome, summary, not_applied),
//     drop.go, editorclick.go (a click on an editor whose input shows
//     nothing).
//   - Typing and keys: typing.go (TypeTextEvent, its two-call path,
//     quickType, and what has focus), editor.go (the full path: focus,
//     clear, insert, verify), editortarget.go (what an element takes text
//     through: the editor it holds, a click for focus), inputvalue.go
//     (date, time, colour and range inputs), keys.go (PressKeyEvent,
//     chords), applied.go (did the page take it: not_applied).
//   - Forms: form.go (select, check, upload), fill.go (FillEvent),
//     concealed.go (a control script would set where nothing shows it).
//   - After an input: observe.go (observe: dialogs, navigations and new
//     tabs an input caused), settle.go (waiting for the page to settle,
//     the settle scripts sent along with a click or text), dialog.go
//     (racing an action against a dialog), scroll.go.
//   - Navigation: navigate.go (navigate, back, forward, reload),
//     navstatus.go (HTTP status and net errors), navtimeout.go, hung.go
//     (a page whose script never returns), location.go (URL and title),
//     waitidle.go, wait.go (WaitEvent).
//   - Reading the page: state.go (BrowserStateRequestEvent), churn.go (a
//     snapshot of a page that keeps navigating), prepare.go (preparing a
//     new document's first snapshot), recorder.go (the listener record),
//     read.go, inspect.go, screenshot.go, pdf.go, crash.go (crashed
//     renderers).
//   - Tabs: tabs.go (new, switch, close).
//   - Scripts shared by several of the above: js.go.
//
// # The path of a click
//
// Attach (watchdog.go) registers serialInput(a, a.clickElement) as the
// owner of events.ClickElementEvent. serialInput (inputlock.go) takes the
// tab's input lock, then clickElement (click.go) checks the event (Check),
// finds the tab (refTab, refs.go) and, inside observe (observe.go), aims:
// quickAim (aim.go) describes and aims in one call into the element's
// world; when it declines, the full path resolves a handle (element,
// element.go), describes it (info) and aims with retries (aim, aimOnce:
// aimInPage or aimInFrame, else aimCDP). It clicks through a.mouseClick
// (mouse.go), called by clickArmed (settle.go) when the settle script goes
// along with the click, else directly; a.mouseClick calls mouseClickFrom,
// whose dispatchMouse posts Input.dispatchMouseEvent (moved, pressed,
// released) on the tab's session.
package defaultaction
