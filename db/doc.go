// Package db is a kiosk's SQLite database: players, the kiosk's tables, game
// sessions and their seats, the append-only move log, results, ratings and
// the leaderboards read from them.
//
// One connection writes, with immediate transactions, so writers queue
// instead of failing with "database is locked"; a small pool of read-only
// connections serves readers concurrently thanks to WAL. The move log is
// written with synchronous=FULL: a move a guest saw applied survives a power
// cut. The schema is created and upgraded by the embedded migrations.
package db
