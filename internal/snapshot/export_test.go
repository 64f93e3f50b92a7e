package snapshot

// SetEagerBudgetForTest changes the budget of eager backend node id
// lookups, and returns a function that restores it.
func SetEagerBudgetForTest(n int) (restore func()) {
	old := eagerBudget
	eagerBudget = n
	return func() { eagerBudget = old }
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
