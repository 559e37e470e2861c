package screen

import "github.com/tablee/tablee/engine"

// The kiosk's texts, French first. Games bring their own names.
var (
	txtPlayers     = engine.Text{FR: "Joueurs", DE: "Spieler", EN: "Players"}
	txtSeat        = engine.Text{FR: "Place %d", DE: "Platz %d", EN: "Seat %d"}
	txtPhone       = engine.Text{FR: "Téléphone", DE: "Handy", EN: "Phone"}
	txtBot         = engine.Text{FR: "Robot", DE: "Roboter", EN: "Bot"}
	txtBotEasy     = engine.Text{FR: "Robot (facile)", DE: "Roboter (leicht)", EN: "Bot (easy)"}
	txtStart       = engine.Text{FR: "Commencer", DE: "Starten", EN: "Start"}
	txtBack        = engine.Text{FR: "Retour", DE: "Zurück", EN: "Back"}
	txtCode        = engine.Text{FR: "Code de la table : %s", DE: "Tisch-Code: %s", EN: "Table code: %s"}
	txtJoinHint    = engine.Text{FR: "Ouvrez Tablée sur votre téléphone et entrez ce code.", DE: "Öffnet Tablée auf dem Handy und gebt diesen Code ein.", EN: "Open Tablée on your phone and enter this code."}
	txtFree        = engine.Text{FR: "libre", DE: "frei", EN: "free"}
	txtConnected   = engine.Text{FR: "connecté", DE: "verbunden", EN: "connected"}
	txtAway        = engine.Text{FR: "absent", DE: "abwesend", EN: "away"}
	txtWaiting     = engine.Text{FR: "En attente de %d joueur(s)", DE: "Warten auf %d Spieler", EN: "Waiting for %d player(s)"}
	txtTurn        = engine.Text{FR: "À %s de jouer", DE: "%s ist am Zug", EN: "%s to play"}
	txtOver        = engine.Text{FR: "Partie terminée", DE: "Spiel beendet", EN: "Game over"}
	txtWinners     = engine.Text{FR: "Gagnant(s) : %s", DE: "Gewinner: %s", EN: "Winner(s): %s"}
	txtDraw        = engine.Text{FR: "Match nul", DE: "Unentschieden", EN: "Draw"}
	txtNewGame     = engine.Text{FR: "Nouvelle partie", DE: "Neues Spiel", EN: "New game"}
	txtHandToBot   = engine.Text{FR: "Confier à un robot", DE: "An einen Roboter geben", EN: "Let a bot play"}
	txtRelease     = engine.Text{FR: "Libérer", DE: "Freigeben", EN: "Release"}
	txtPin         = engine.Text{FR: "Code du personnel", DE: "Personal-PIN", EN: "Staff PIN"}
	txtWrongPin    = engine.Text{FR: "Code du personnel incorrect", DE: "Falsche Personal-PIN", EN: "Wrong staff PIN"}
	txtBoardAsText = engine.Text{FR: "Plateau (vue publique)", DE: "Spielbrett (öffentliche Ansicht)", EN: "Board (public view)"}
)
