package snapshot

// SetEagerLimitForTest changes how many backend node ids a capture looks
// up eagerly, and returns a function that restores it.
func SetEagerLimitForTest(n int) (restore func()) {
	old := eagerLimit
	eagerLimit = n
	return func() { eagerLimit = old }
}

// ScriptForTest exposes the embedded script to diagnostics.
func ScriptForTest() string { return snapshotJS }

// SetEagerMethodForTest forces how eager lookups are made ("tree",
// "nodes", or "" to pick by size), and returns a function that restores
// it.
func SetEagerMethodForTest(m string) (restore func()) {
	old := eagerMethod
	eagerMethod = m
	return func() { eagerMethod = old }
}
