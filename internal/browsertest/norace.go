//go:build !race

package browsertest

// Race says the tests run under the race detector.
const Race = false
