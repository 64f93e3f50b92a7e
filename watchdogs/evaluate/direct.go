package evaluate

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
)

// runOn runs the script on ch: on the engine's own session its
// Runtime.evaluate calls skip the rpcc.Conn (see evaluate).
func (sc *script) runOn(ctx context.Context, ch *channel) error {
	sc.direct = ch.sess
	return sc.run(ctx, ch.client)
}

// evaluate sends Runtime.evaluate. On the engine's own session it is
// posted with cdpmux.Conn.PostDirect: written on this goroutine, its reply
// handed over by the connection's reader, so an evaluation costs one
// goroutine wake-up besides Chrome's time instead of three (the rpcc.Conn
// writes each call on a goroutine of its own and reads replies on
// another). On the fallback (the target's main session) it goes through c.
func (sc *script) evaluate(ctx context.Context, c *cdp.Client, args *runtime.EvaluateArgs) (*runtime.EvaluateReply, error) {
	if sc.direct == nil || sc.direct.conn == nil {
		return c.Runtime.Evaluate(ctx, args)
	}
	wait, err := sc.direct.conn.PostDirect(sc.direct.id, "Runtime.evaluate", args)
	if err != nil {
		return nil, err
	}
	raw, err := wait(ctx)
	if err != nil {
		return nil, err
	}
	var r runtime.EvaluateReply
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("decoding the Runtime.evaluate reply: %w", err)
	}
	return &r, nil
}
