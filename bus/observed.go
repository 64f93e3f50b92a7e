package bus

// Observed reports whether anything observes events of type E on b now,
// so that a sender can skip building a notification nobody would read (a
// record of each command, made only while a recording observes them). It
// takes the bus's subscription lock briefly; the answer may be stale by
// the time Notify runs, which then delivers to whoever observes.
func Observed[E any](b *Bus) bool {
	if b.closed.Load() {
		return false
	}
	n := b.nameOf(typeOf[E]())
	b.subMu.Lock()
	t, ok := b.topics[n.key]
	b.subMu.Unlock()
	return ok && len(*t.observers.Load()) > 0
}
