//go:build race

package journey

// raceEnabled says the tests run under the race detector.
const raceEnabled = true
