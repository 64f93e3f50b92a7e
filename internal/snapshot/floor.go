package snapshot

// WalkExpression is one Runtime.evaluate that installs the snapshot script
// in the context it runs in and walks that context's document, evaluating
// to the walk's records: the page's work of a snapshot in one call, with
// no refs kept between calls and no text for an agent. The 32-tab bench's
// raw floor runs it in an isolated world it makes in each new document.
func WalkExpression() string {
	w := &world{token: "floor"}
	return w.installExpr() + ", " + plainWalk
}
