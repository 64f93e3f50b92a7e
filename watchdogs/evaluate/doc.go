// Package evaluate is the EvaluateWatchdog: it runs caller-supplied
// JavaScript in a tab and returns its value.
package evaluate
