package main

import (
	"context"
	"io"
)

func runTabs(ctx context.Context, w io.Writer, n int) error { return nil }
