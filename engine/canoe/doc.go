// Package canoe is the rules engine of Canoë (Dale Walton), a two-player
// pattern game on a board of 61 holes: each player places, removes or moves
// pegs of their colour, and the first to show two canoes wins.
//
// A canoe is four pegs in one of four shapes (see canoe.go) that no other
// peg of its colour touches. Pegs of the opponent never spoil a canoe and
// there are no captures, so a player's canoes depend on their own pegs only.
//
// Positions are kept as two 64-bit masks over the holes, numbered in reading
// order; that keeps move generation and canoe detection cheap enough for
// bots to search. The public face (Hole, Move, View) speaks the notation
// of docs/rules/canoe.md: a column letter a–m and a row number 1–6, row 1
// at the top.
package canoe
