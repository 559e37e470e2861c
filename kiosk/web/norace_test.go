//go:build !race

package web_test

// raceEnabled says the tests run under the race detector.
const raceEnabled = false
