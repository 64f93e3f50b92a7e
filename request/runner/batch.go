package runner

import (
	"context"
	"fmt"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// batchEnvelope is room kept in the cap for the result around the steps'
// results (ok, steps, ran, failed, stop).
const batchEnvelope = 1024

// checkBatch checks every step as Check checks a request alone, so that
// a malformed step runs nothing.
func checkBatch(q request.Batch) error {
	reqs, err := q.Requests()
	if err != nil {
		return err
	}
	for i, r := range reqs {
		if err := Check(r); err != nil {
			return fmt.Errorf("step %d (%s): %w", i+1, r.Command(), err)
		}
	}
	return nil
}

// batch runs the steps in order on b, each with its own budget and tab,
// and stops at the first that fails (unless Continue) or when the
// output reaches the cap.
func batch(ctx context.Context, b *Browser, q request.Batch) (request.BatchResult, error) {
	reqs, err := q.Requests()
	if err != nil {
		return request.BatchResult{}, err
	}
	limit := q.MaxOutputBytes
	if limit == 0 {
		limit = b.capBytes()
	}
	used := batchEnvelope
	res := request.BatchResult{Steps: len(reqs), Results: make([]request.StepResult, 0, min(len(reqs), 64))}
	for i, r := range reqs {
		if ctx.Err() != nil {
			break
		}
		o := request.Options{Tab: q.Steps[i].Tab, TimeoutMS: q.Steps[i].TimeoutMS}
		if o.TimeoutMS == 0 {
			o.TimeoutMS = q.StepTimeoutMS
		}
		if o.TimeoutMS == 0 {
			o.TimeoutMS = request.DefaultStepTimeoutMS
		}
		sr := request.StepResult{Command: r.Command()}
		rep, err := b.Do(ctx, r, o)
		if err == nil {
			sr.Body, err = request.Body(rep.Value)
		}
		res.Ran++
		if err != nil {
			f := request.FaultOf(err)
			sr.Body, sr.Fault = nil, &f
			res.Failed++
		}
		if n := stepSize(sr); used+n > limit {
			// The step acted; its output is what does not fit. Say so
			// in its place and run nothing more.
			res.Stop = &request.BatchStop{Step: i + 1, Code: events.CodeResultTooLarge, Message: fmt.Sprintf(
				"the batch stopped after step %d of %d: its output (%d bytes) would have taken the batch's output past the cap of %d bytes (--max-result-bytes); step %d ran, and what it changed stays changed; steps %d to %d did not run: run them in another batch, or ask for less",
				i+1, len(reqs), n, limit, i+1, i+2, len(reqs))}
			if i+1 == len(reqs) {
				res.Stop.Message = fmt.Sprintf("the batch's last step (%d) ran, and what it changed stays changed, but its output (%d bytes) would have taken the batch's output past the cap of %d bytes (--max-result-bytes): ask for less",
					i+1, n, limit)
			}
			f := request.Fault{Code: events.CodeResultTooLarge, Message: res.Stop.Message,
				Details: events.ErrorDetails{Size: int64(n), Cap: int64(limit)}}
			if sr.Fault == nil {
				res.Failed++
			}
			sr.Body, sr.Fault = nil, &f
			res.Results = append(res.Results, sr)
			break
		}
		used += stepSize(sr)
		res.Results = append(res.Results, sr)
		if err != nil && !q.Continue {
			break
		}
	}
	return res, nil
}

// stepSize is how many bytes sr adds to a batch's output, its body (JSON
// already) counted as it is, not encoded again.
func stepSize(sr request.StepResult) int {
	n := len(sr.Body) + len(sr.Command) + 32 // {"command":"","body":},
	if sr.Fault != nil {
		b, _ := request.Marshal(sr.Fault)
		n += len(b) + 10
	}
	return n
}
