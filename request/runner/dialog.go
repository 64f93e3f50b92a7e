package runner

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func answerDialog(ctx context.Context, b *Browser, q request.AnswerDialog) (request.DialogAnswer, error) {
	d, err := actions.RespondDialog(ctx, b.s, actions.DialogResponse{Accept: q.Accept, PromptText: q.PromptText, ID: q.ID})
	return request.DialogAnswer{Dialog: d}, err
}

func dialogPolicy(ctx context.Context, b *Browser, q request.DialogPolicy) (events.DialogPolicyInfo, error) {
	return actions.SetDialogPolicy(ctx, b.s, q.Policy, time.Duration(q.HoldMS)*time.Millisecond)
}

func dialogs(ctx context.Context, b *Browser, q request.Dialogs) (events.DialogsResult, error) {
	return actions.Dialogs(ctx, b.s)
}
