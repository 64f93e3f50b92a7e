package widgets_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// task is one job on one widget, done as an agent does it.
type task struct {
	name string
	run  func(t *testing.T, a agent, s *testutil.Servers)
}

var tasks = []task{
	{"choices custom select", choicesTask},
	{"tinymce editor in an iframe", tinymceTask},
	{"quill contenteditable editor", quillTask},
	{"tom-select remote search", tomSelectTask},
	{"tabulator virtual grid", gridTask},
	{"flatpickr date picker", datePickerTask},
	{"swagger-ui api console", swaggerTask},
	{"closed shadow root and native options", closedShadowTask},
}

func TestWidgetsThroughMCP(t *testing.T) {
	s := site(t)
	a := newMCPAgent(t)
	for _, tk := range tasks {
		t.Run(tk.name, func(t *testing.T) {
			a.t = t
			tk.run(t, a, s)
		})
	}
}

func TestWidgetsThroughCLI(t *testing.T) {
	s := site(t)
	a := newCLIAgent(t)
	for _, tk := range tasks {
		t.Run(tk.name, func(t *testing.T) {
			a.t = t
			tk.run(t, a, s)
		})
	}
}

// Choices.js keeps the native <select> at opacity 0 under its own
// combobox, out of the tab order: the snapshot shows the control once, as
// the widget. Selecting on the native one, reached by a locator, is
// refused with the widget's ref; the task is done through the widget, and
// the widget shows it.
func choicesTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/choices.html"))
	widget, snap := await(t, a, "the Choices combobox", func(s string) string { return firstRef(s, "combobox") })
	require.Empty(t, refOf(snap, "combobox", "Destination"), "the select the widget replaces has no line:\n%s", snap)

	code, msg := a.selectOption("label=Destination", "Berlin")
	require.Equal(t, "element_covered", code, msg)
	require.Contains(t, msg, widget, "the error names the widget to use")
	code, msg = a.click(`css=#city > option[value="Berlin"]`)
	require.Equal(t, "element_covered", code, msg)
	require.Equal(t, "", str(a.eval(`() => document.getElementById('city').value`, "")), "nothing was selected")

	code, msg = a.click(widget)
	require.Empty(t, code, msg)
	berlin, _ := await(t, a, "Berlin in the open list", func(s string) string { return refOf(s, "option", "Berlin") })
	code, msg = a.click(berlin)
	require.Empty(t, code, msg)
	awaitValue(t, a, "the widget shows the choice", `() => document.querySelector('.choices__list--single').innerText.trim()`, `Berlin`)
	require.Equal(t, "Berlin", str(a.eval(`() => document.getElementById('chosen').textContent`, "")))
}

// TinyMCE edits a document in an iframe whose body is contenteditable:
// the body has a ref, named "Rich Text Area" as in Chrome's tree.
func tinymceTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/tinymce.html"))
	body, _ := await(t, a, "the editable body", func(s string) string { return refOf(s, "textbox", "Rich Text Area") })
	code, msg := a.fill(body, "Hello from the agent")
	require.Empty(t, code, msg)
	require.Equal(t, "Hello from the agent", str(a.eval(`el => el.innerText.trim()`, body)))
	code, msg = a.press("Control+A")
	require.Empty(t, code, msg)
	bold, _ := await(t, a, "the Bold button", func(s string) string { return refOf(s, "button", "Bold") })
	code, msg = a.click(bold)
	require.Empty(t, code, msg)
	awaitValue(t, a, "the editor's content", `() => tinymce.activeEditor.getContent()`, `<p><strong>Hello from the agent</strong></p>`)
}

// Quill edits a contenteditable div of the page.
func quillTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/quill.html"))
	editor, snap := await(t, a, "the editor", func(s string) string { return firstRef(s, "textbox") })
	code, msg := a.typeText(editor, "Groceries", true)
	require.Empty(t, code, msg)
	code, msg = a.press("Control+A")
	require.Empty(t, code, msg)
	code, msg = a.click(refOf(snap, "button", "bold"))
	require.Empty(t, code, msg)
	awaitValue(t, a, "the note", `() => quill.root.innerHTML`, `<p><strong>Groceries</strong></p>`)
}

// Tom Select searches the server as the user types and draws its options;
// the native <select> it keeps is hidden, and selecting on it is refused.
func tomSelectTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/tomselect.html"))
	input, snap := await(t, a, "the search field", func(s string) string { return refOf(s, "combobox", "Office city") })
	if native := refWith(snap, "combobox", `ts-hidden-accessible`); native != "" {
		code, msg := a.selectOption(native, "bern")
		require.NotEmpty(t, code, "selecting on the hidden native select: %s", msg)
	}
	code, msg := a.typeText(input, "ber", false)
	require.Empty(t, code, msg)
	bern, _ := await(t, a, "Bern among the results", func(s string) string { return refOf(s, "option", "Bern") })
	code, msg = a.click(bern)
	require.Empty(t, code, msg)
	awaitValue(t, a, "the chosen office", `() => document.getElementById('picked').textContent`, `bern`)
	require.Equal(t, "Bern", str(a.eval(`() => document.querySelector('.ts-control .item').innerText.trim()`, "")))
}

// Tabulator renders only the rows in view: a row further down is
// reached by scrolling the grid, then clicked.
func gridTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/grid.html"))
	cell, snap := await(t, a, "the third order", func(s string) string { return refOf(s, "gridcell", "Order 3") })
	require.NotContains(t, snap, `"Order 300"`, "the grid is virtual")
	code, msg := a.click(cell)
	require.Empty(t, code, msg)
	awaitValue(t, a, "the selected order", `() => document.getElementById('sel').textContent`, `Order 3`)

	code, msg = a.scroll(cell, 1500)
	require.Empty(t, code, msg)
	far, _ := await(t, a, "order 60 after scrolling", func(s string) string { return refOf(s, "gridcell", "Order 60") })
	code, msg = a.click(far)
	require.Empty(t, code, msg)
	awaitValue(t, a, "the selected order", `() => document.getElementById('sel').textContent`, `Order 60`)
}

// flatpickr's month arrows are unnamed: their hints tell them apart; its
// weekday cells read as separate words.
func datePickerTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/datepicker.html"))
	field, _ := await(t, a, "the date field", func(s string) string { return refOf(s, "textbox", "Arrival") })
	code, msg := a.click(field)
	require.Empty(t, code, msg)
	next, snap := await(t, a, "the next-month arrow", func(s string) string { return refWith(s, "clickable", `flatpickr-next-month`) })
	require.NotEmpty(t, refWith(snap, "clickable", `flatpickr-prev-month`), "the other arrow, told apart:\n%s", snap)
	require.Contains(t, snap, "Sun Mon Tue Wed Thu Fri Sat")
	code, msg = a.click(next)
	require.Empty(t, code, msg)
	day, _ := await(t, a, "15 April", func(s string) string { return refOf(s, "clickable", "April 15, 2026") })
	code, msg = a.click(day)
	require.Empty(t, code, msg)
	awaitValue(t, a, "the chosen date", `() => document.getElementById('when').value`, `2026-04-15`)
}

// Swagger UI's paths read as the page shows them (no zero-width spaces);
// an operation is opened, tried out and executed, and its response shown.
func swaggerTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/swagger.html"))
	op, snap := await(t, a, "the getPet operation", func(s string) string { return refOf(s, "button", `GET /api/pets/\{petId\} Find a pet by id`) })
	require.NotContains(t, snap, "\u200b")
	code, msg := a.click(op)
	require.Empty(t, code, msg)
	try, _ := await(t, a, "Try it out", func(s string) string { return refOf(s, "button", "Try it out") })
	code, msg = a.click(try)
	require.Empty(t, code, msg)
	field, _ := await(t, a, "the petId field", func(s string) string { return refOf(s, "textbox", "petId[^\"]*") })
	code, msg = a.typeText(field, "7", true)
	require.Empty(t, code, msg)
	exec, _ := await(t, a, "Execute", func(s string) string { return refOf(s, "button", "Execute") })
	code, msg = a.click(exec)
	require.Empty(t, code, msg)
	_, snap = await(t, a, "the response", func(s string) string {
		if strings.Contains(s, "Rex 7") {
			return "shown"
		}
		return ""
	})
	require.Contains(t, snap, "Rex 7")
}

// A field and a button in a closed shadow root are typed into and
// clicked by ref (the cover check sees through the host), and a click on
// an option of a native drop-down picks it.
func closedShadowTask(t *testing.T, a agent, s *testutil.Servers) {
	a.open(s.MainURL("/closedshadow.html"))
	card, snap := await(t, a, "the card field", func(s string) string { return refOf(s, "textbox", "Card") })
	code, msg := a.typeText(card, "4242", false)
	require.Empty(t, code, msg)
	code, msg = a.click(refOf(snap, "button", "Pay"))
	require.Empty(t, code, msg)
	awaitValue(t, a, "the payment", `() => document.getElementById('out').textContent`, `paid 4242`)
	code, msg = a.click(refOf(snap, "button", "Inner"))
	require.Empty(t, code, msg)
	awaitValue(t, a, "the inner button", `() => document.getElementById('out').textContent`, `inner`)
	code, msg = a.click(refOf(snap, "option", "Large"))
	require.Empty(t, code, msg)
	awaitValue(t, a, "the picked size", `() => document.getElementById('out').textContent`, `size Large`)
}
