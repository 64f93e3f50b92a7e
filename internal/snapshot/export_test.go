package snapshot

// SetEagerBudgetForTest changes the budget of eager backend node id
// lookups, and returns a function that restores it.
func SetEagerBudgetForTest(n int) (restore func()) {
	old := eagerBudget
	eagerBudget = n
	return func() { eagerBudget = old }
}

// SetEagerMethodForTest forces how eager lookups are made ("tree",
// "nodes", or "" to pick by size), and returns a function that restores
// it.
func SetEagerMethodForTest(m string) (restore func()) {
	old := eagerMethod
	eagerMethod = m
	return func() { eagerMethod = old }
}
