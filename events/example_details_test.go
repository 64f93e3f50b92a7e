package events_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentbrowser/agentbrowser/events"
)

// A watchdog says what an error is about with typed details, and keys of
// its own with WithExtra; a caller reads them back as fields.
func ExampleErrorDetails() {
	var err error = events.Errorf(events.CodeElementCovered, "element e5 is covered").
		WithDetails(events.ErrorDetails{Ref: "e5", Covering: `div#consent "Accept cookies"`}).
		WithExtra("retry_after_ms", 250)

	var ce *events.Error
	if errors.As(err, &ce) {
		fmt.Println(ce.Details.Ref, "is under", ce.Details.Covering)
	}
	b, _ := json.Marshal(ce.Details)
	fmt.Println(string(b))
	// Output:
	// e5 is under div#consent "Accept cookies"
	// {"covering":"div#consent \"Accept cookies\"","ref":"e5","retry_after_ms":250}
}

// A result decoded from the CLI's JSON has typed details; a zero value
// that was printed (checked=false) comes back as a pointer to it.
func ExampleActionDetails() {
	var res events.ActionResult
	_ = json.Unmarshal([]byte(`{"tab_id":"T1","details":{"checked":false}}`), &res)
	if c := res.Details.Checked; c != nil {
		fmt.Println("checked:", *c)
	}
	// Output:
	// checked: false
}
