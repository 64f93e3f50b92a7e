package events

// FillEvent sets the element Ref names to Value as a user would, the
// element deciding how: a text field or an editor gets Value typed after a
// clear (TypeTextEvent with Clear; an input whose value is picked, such as
// a date, a time or a colour, gets it converted from a common form); a
// <select> the option whose value or label is Value; a custom combobox or
// listbox the option named Value, clicked as a user picks it; a checkbox
// or switch is checked for true (yes, on, checked, 1) and unchecked for
// false (no, off, unchecked, 0, empty); a radio button is checked for
// true; a radio group the radio button labelled Value; an ARIA slider or
// spinbutton that is not an input is focused and moved with the keys a
// user presses (arrows, Page Up and Down, Home, End) until it shows Value,
// a number ("25", "$25") or the words of its aria-valuetext. Owned by
// DefaultActionWatchdog; result ActionResult with the details of what was
// set (Value, Selected or Checked). Errors: not_applied when the page
// shows something else afterwards, invalid_argument for a value the
// element cannot take, and the errors of the action it takes.
type FillEvent struct {
	TabID TargetID
	Ref   Ref
	Value string
}

func (FillEvent) Returns(ActionResult) {}

func (e FillEvent) TargetTab() TargetID { return e.TabID }

func (e FillEvent) OnTab(id TargetID) FillEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}
