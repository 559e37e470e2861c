package gui

import "github.com/tablee/tablee/engine"

// The companion's texts, French first, as everywhere in Tablée.
var (
	txtTablesNearby = engine.Text{FR: "Tables à proximité", DE: "Tische in der Nähe", EN: "Tables nearby"}
	txtRefresh      = engine.Text{FR: "Actualiser", DE: "Aktualisieren", EN: "Refresh"}
	txtLooking      = engine.Text{FR: "Recherche des tables…", DE: "Suche nach Tischen…", EN: "Looking for tables…"}
	txtCannotLook   = engine.Text{FR: "Impossible de chercher les tables : %v", DE: "Tischsuche nicht möglich: %v", EN: "Cannot look for tables: %v"}
	txtNoTable      = engine.Text{FR: "Aucune table trouvée. Ce téléphone est-il sur le Wi-Fi du lieu ?", DE: "Kein Tisch gefunden. Ist das Handy im WLAN des Lokals?", EN: "No table found. Is this phone on the venue's Wi-Fi?"}
	txtTapTable     = engine.Text{FR: "Touchez votre table.", DE: "Tippt auf euren Tisch.", EN: "Tap your table."}
	txtLobby        = engine.Text{FR: "accueil", DE: "Auswahl", EN: "lobby"}
	txtFreeSeats    = engine.Text{FR: "%d place(s) libre(s)", DE: "%d Platz/Plätze frei", EN: "%d free"}
	txtCodeHint     = engine.Text{FR: "Le code à 4 chiffres affiché sur la table", DE: "Der 4-stellige Code auf dem Tisch", EN: "4-digit code shown on the table"}
	txtNickname     = engine.Text{FR: "Pseudo", DE: "Spitzname", EN: "Nickname"}
	txtCode         = engine.Text{FR: "Code", DE: "Code", EN: "Code"}
	txtJoin         = engine.Text{FR: "Rejoindre", DE: "Beitreten", EN: "Join"}
	txtJoinTable    = engine.Text{FR: "Rejoindre %s", DE: "%s beitreten", EN: "Join %s"}
	txtBack         = engine.Text{FR: "Retour", DE: "Zurück", EN: "Back"}
	txtJoining      = engine.Text{FR: "Connexion…", DE: "Verbinde…", EN: "Joining…"}
	txtWrongCode    = engine.Text{FR: "Ce n'est pas le code affiché sur la table.", DE: "Das ist nicht der Code auf dem Tisch.", EN: "That is not the code shown on the table."}
	txtTableFull    = engine.Text{FR: "La table n'a plus de place libre.", DE: "Am Tisch ist kein Platz frei.", EN: "The table has no free seat."}
	txtRateLimited  = engine.Text{FR: "Trop de codes faux ; attendez une minute.", DE: "Zu viele falsche Codes; wartet eine Minute.", EN: "Too many wrong codes; wait a minute."}
	txtBadName      = engine.Text{FR: "Un pseudo a de 1 à 24 caractères.", DE: "Ein Spitzname hat 1 bis 24 Zeichen.", EN: "A nickname has 1 to 24 characters."}
	txtWaitTable    = engine.Text{FR: "En attente de la table…", DE: "Warten auf den Tisch…", EN: "Waiting for the table…"}
	txtCannotShow   = engine.Text{FR: "Cette application ne sait pas afficher %s : %v", DE: "Diese App kann %s nicht anzeigen: %v", EN: "This app cannot show %s: %v"}
	txtCannotRead   = engine.Text{FR: "Vue illisible : %v", DE: "Ansicht nicht lesbar: %v", EN: "Cannot read the view: %v"}
	txtLeft         = engine.Text{FR: "Vous avez quitté la table : %v", DE: "Tisch verlassen: %v", EN: "Left the table: %v"}
	txtGameOver     = engine.Text{FR: "Partie terminée.", DE: "Spiel beendet.", EN: "Game over."}
	txtYourTurn     = engine.Text{FR: "À vous de jouer.", DE: "Du bist dran.", EN: "Your turn."}
	txtWaitingFor   = engine.Text{FR: "En attente de la place %d.", DE: "Warten auf Platz %d.", EN: "Waiting for seat %d."}
)
