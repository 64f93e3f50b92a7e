package request

import (
	"encoding/json"
	"fmt"

	"github.com/agentbrowser/agentbrowser/events"
)

// Batch runs several requests in order on one session, in one call: for
// agents that plan several steps at once. It stops at the first step that
// fails unless Continue is set. Every step is decoded and checked before
// the first runs, so a malformed step runs nothing. Each step has its own
// budget (its TimeoutMS, else StepTimeoutMS, else the default of 30 s)
// within the batch's, and may aim at a tab of its own.
//
// The steps' results together are capped while they are gathered
// (MaxOutputBytes): a step whose output would pass the cap ran, and is
// answered with result_too_large instead of its output, and the batch
// stops there (BatchResult.Stop), so that no later step acts and then has
// its result dropped.
type Batch struct {
	Returns[BatchResult]
	Steps         []BatchStep `json:"steps"`
	Continue      bool        `json:"continue,omitempty"`
	StepTimeoutMS int         `json:"step_timeout_ms,omitempty"`
	// MaxOutputBytes caps the steps' results in all, as encoded; 0 means
	// the Browser's output cap (SetOutputCap: a daemon's
	// --max-result-bytes).
	MaxOutputBytes int `json:"max_output_bytes,omitempty"`
}

// BatchStep is one request of a batch in its wire form.
type BatchStep struct {
	Command   string          `json:"command"`
	Request   json.RawMessage `json:"request,omitempty"`
	Tab       string          `json:"tab,omitempty"`
	TimeoutMS int             `json:"timeout_ms,omitempty"`
}

// NewBatchStep is q's step, aimed and budgeted by o.
func NewBatchStep(q Request, o Options) (BatchStep, error) {
	raw, err := Marshal(q)
	if err != nil {
		return BatchStep{}, err
	}
	return BatchStep{Command: q.Command(), Request: raw, Tab: o.Tab, TimeoutMS: o.TimeoutMS}, nil
}

// BatchResult holds what each step that ran answered, in order: Ran of
// them, of Steps; Failed counts those that failed.
type BatchResult struct {
	Results []StepResult `json:"results"`
	Steps   int          `json:"steps"`
	Ran     int          `json:"ran"`
	Failed  int          `json:"failed"`
	// Stop says why the batch stopped before its steps were done when
	// its output reached the cap; nil otherwise.
	Stop *BatchStop `json:"stop,omitempty"`
}

// BatchStop is where a batch stopped, and why: Step (1-based) is the last
// step that ran, of Steps; Code is result_too_large.
type BatchStop struct {
	Step    int         `json:"step"`
	Code    events.Code `json:"code"`
	Message string      `json:"message"`
}

// StepResult is one step's answer: its response in the form Body gives
// it ({"ok":true,...}) or, when it failed, its Fault.
type StepResult struct {
	Command string          `json:"command"`
	Body    json.RawMessage `json:"body,omitempty"`
	Fault   *Fault          `json:"fault,omitempty"`
}

func (Batch) Command() string { return "batch" }

// MaxBatchSteps bounds a batch's steps.
const MaxBatchSteps = 1000

// DefaultStepTimeoutMS is a step's budget when neither it nor its batch
// gives one.
const DefaultStepTimeoutMS = 30000

// Requests decodes every step and runs its own checks (Validate).
func (q Batch) Requests() ([]Request, error) {
	if len(q.Steps) == 0 {
		return nil, invalid("batch needs at least one step")
	}
	if len(q.Steps) > MaxBatchSteps {
		return nil, invalid("batch has %d steps; at most %d are allowed", len(q.Steps), MaxBatchSteps)
	}
	if q.StepTimeoutMS < 0 {
		return nil, invalid("step_timeout_ms %d is negative", q.StepTimeoutMS)
	}
	if q.MaxOutputBytes < 0 {
		return nil, invalid("max_output_bytes %d is negative", q.MaxOutputBytes)
	}
	out := make([]Request, len(q.Steps))
	for i, s := range q.Steps {
		switch s.Command {
		case "batch", "close", "status":
			return nil, invalid("step %d: %s cannot run in a batch", i+1, s.Command)
		}
		if s.TimeoutMS < 0 {
			return nil, invalid("step %d: timeout_ms %d is negative", i+1, s.TimeoutMS)
		}
		r, err := Decode(s.Command, s.Request)
		if err == nil {
			err = Validate(r)
		}
		if err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i+1, s.Command, err)
		}
		out[i] = r
	}
	return out, nil
}

// Validate implements Validator.
func (q Batch) Validate() error {
	_, err := q.Requests()
	return err
}
