package main

// staffCommands returns the commands that read and maintain a kiosk's
// database (leaderboards, sessions, exports, backups).
func staffCommands() map[string]command {
	return map[string]command{}
}
