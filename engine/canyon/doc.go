// Package canyon is the rules engine of Canyon (F. A. Herschler, Abacus 1997),
// a canoe race for 3 to 6 players driven by a trick-taking card game.
//
// Each round every player bids a tempo (how many tricks they mean to take),
// the hand is played out, and then the canoes move by the tricks they took,
// plus a bonus for an exact tempo. Near the village the current pushes the
// canoes that missed their tempo towards the waterfall. The first canoe at
// one of the three docks wins.
//
// The rulebook's "as close as possible to the finish" is made exact by the
// optimal-movement solver in movement.go; docs/rules/canyon.md lists every
// decision taken where the rulebook is silent.
package canyon
