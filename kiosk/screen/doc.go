// Package screen holds the kiosk's screens: Fyne widgets built from the
// engine's public views and metadata, never from the database or the network.
package screen
