// Package canyonduel is the rules engine of Canyon duel (Heyne, 1972), a
// two-player race across a diamond-shaped board split by an uncrossable
// canyon.
//
// Each player brings 15 pieces from their corner through one of the two
// three-cell passages to the far corner, stepping like a king or jumping in
// chains over any piece, capturing the opponent's pieces jumped. At the end
// each piece scores the row value of its cell, read from its owner's side.
//
// Seat 0 is red (corner a1, moves first), seat 1 is yellow (corner h8).
// Cells are named like chess squares, columns a..h and rows 1..8; a step
// reads "c1-d2" and a jump chain "c1:e3:g5". docs/rules/canyonduel.md lists
// the rules as implemented and the decisions taken where the rulebook is
// silent.
package canyonduel
