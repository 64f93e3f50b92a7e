package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
)

// selectTab makes the request's tab (an id, a unique prefix of one, or its
// number in 'tabs') the active one before a tab-scoped command runs, so
// that a caller can name the tab on every request.
func selectTab(ctx context.Context, env *Env, tab string) error {
	if tab == "" || env.Session == nil {
		return nil
	}
	id, err := findTab(ctx, env, tab)
	if err != nil {
		return err
	}
	if t, err := env.Session.ActiveTab(); err == nil && t.ID == id {
		return nil
	}
	_, err = actions.SwitchTab(ctx, env.Session, id)
	return err
}
