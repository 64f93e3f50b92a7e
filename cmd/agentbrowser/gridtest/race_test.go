//go:build race

package gridtest_test

// raceBuild makes the agentbrowser binary under test match the test binary.
const raceBuild = true
