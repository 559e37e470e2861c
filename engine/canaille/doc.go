// Package canaille is the rules engine of Canaille (Nicolas Melet, Paille
// Éditions), a fishing card game for 2 to 4 players.
//
// On their turn a player lays a "sentence" of 1 to 5 action cards and carries
// it out left to right: catching cards from the river (a two-ended stack that
// can be turned over), releasing fish, binning trash, sharing a fog draw, or
// handing the rest of the sentence to another fisher. The game ends when the
// cat Canaille is drawn: it eats five fish of its taker, and the best catch
// wins.
//
// Every choice the rulebook leaves to a player is one Move, asked of the seat
// that holds the sentence at that point, so a sentence is played as a series
// of small decisions. docs/rules/canaille.md lists the decisions this package
// takes where the rulebook is silent.
package canaille
