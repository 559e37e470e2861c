//go:build !race

package console_test

// raceEnabled says the tests run under the race detector.
const raceEnabled = false
