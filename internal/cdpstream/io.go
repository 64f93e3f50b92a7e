package cdpstream

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"time"

	"github.com/mafredri/cdp/rpcc"
)

// ioChunk is how much of a stream one IO.read asks for.
const ioChunk = 1 << 20

// CopyIO reads the browser's IO stream handle (a trace, a PDF handed over
// as a stream) to its end into w and returns how many bytes it wrote.
// what names the data in the error of a failed read ("reading the trace
// from the browser: ..."); w's errors come back as they are. The stream
// stays open: close it with CloseIO.
func CopyIO(ctx context.Context, conn *rpcc.Conn, handle, what string, w io.Writer) (int64, error) {
	var n int64
	for {
		var chunk struct {
			Data          string `json:"data"`
			Base64Encoded bool   `json:"base64Encoded"`
			EOF           bool   `json:"eof"`
		}
		if err := rpcc.Invoke(ctx, "IO.read", map[string]any{"handle": handle, "size": ioChunk}, &chunk, conn); err != nil {
			return n, fmt.Errorf("reading %s from the browser: %w", what, err)
		}
		b := []byte(chunk.Data)
		if chunk.Base64Encoded {
			var err error
			if b, err = base64.StdEncoding.DecodeString(chunk.Data); err != nil {
				return n, fmt.Errorf("reading %s from the browser: %w", what, err)
			}
		}
		if _, err := w.Write(b); err != nil {
			return n, err
		}
		n += int64(len(b))
		if chunk.EOF {
			return n, nil
		}
	}
}

// CloseIO closes the browser's IO stream handle, waiting at most wait,
// also when ctx has already ended (the stream holds the browser's memory).
// Its error is dropped: the stream is gone with the target anyway.
func CloseIO(ctx context.Context, conn *rpcc.Conn, handle string, wait time.Duration) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wait)
	defer cancel()
	_ = rpcc.Invoke(cctx, "IO.close", map[string]any{"handle": handle}, nil, conn)
}
