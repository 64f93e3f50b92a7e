package snapshot

// WalkExpression is one Runtime.evaluate that installs the snapshot script
// in the context it runs in and walks that context's document, evaluating
// to the walk's records. It is what a snapshot costs the page done in the
// fewest calls, with no isolated world, no refs kept between calls, no
// backend node ids and no text for an agent: the 32-tab bench's raw floor
// takes it for its snapshot of each new document.
func WalkExpression() string {
	w := &world{token: "floor"}
	return w.installExpr() + ", " + plainWalk
}
