//go:build race

package headless

// raceDetector is true under go test -race.
const raceDetector = true
