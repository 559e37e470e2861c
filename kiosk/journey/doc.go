// Package journey holds the guests' journeys as tests: a real kiosk in
// Fyne's test driver, from its attract screen through the lobby and the
// seating screen to the results and "Rejouer", with every seat played
// from its own screen — taps on the table's board, the companion app's
// widgets, the web page in headless Chromium, or the table's bots.
//
// It has no code besides its tests; TestGuestsPlayEveryGame is what a
// change to a screen is checked against.
package journey
