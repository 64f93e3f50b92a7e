package main

import (
	"context"
)

// clickRef clicks an element by ref; the perception work adds it.
func clickRef(ctx context.Context, env *Env, in Input, mods []string) (Result, error) {
	if _, err := parseRef(in.Args[0]); err != nil {
		return nil, err
	}
	return nil, invalidArg("click by ref is not available yet")
}
