package tlscert

import (
	"encoding/hex"
	"strings"
)

// PhraseWords is how many words a verification phrase has.
const PhraseWords = 3

// Phrase is the short verification phrase of a certificate fingerprint
// (hex SHA-256, as Fingerprint returns it): three words from a fixed list
// of 256, one per byte of the fingerprint's start, e.g. "lune-castor-piano".
// The kiosk's seating screen and the phone both show it, so a guest can
// see that the phone reached the table in front of them and not an
// impostor announcing the same name over mDNS.
//
// Three words are 24 bits: enough to catch a look-alike table by eye, not
// against an attacker who grinds certificates until the words match. The
// fingerprint carried by the QR code remains the trusted path. An
// argument that is not a hex fingerprint gives "".
func Phrase(fingerprint string) string {
	b, err := hex.DecodeString(strings.TrimSpace(fingerprint))
	if err != nil || len(b) < PhraseWords {
		return ""
	}
	words := make([]string, PhraseWords)
	for i := range words {
		words[i] = phraseWords[b[i]]
	}
	return strings.Join(words, "-")
}

// phraseWords are 256 concrete nouns, unaccented and distinct, one per
// byte value; the list is part of the protocol and never changes.
var phraseWords = [256]string{
	"abeille", "abricot", "acier", "agneau", "aigle", "algue", "amande", "ananas", "ancre", "anguille",
	"antenne", "arbre", "argent", "armoire", "asperge", "atelier", "avion", "avocat", "badge", "baleine",
	"ballon", "bambou", "banane", "banc", "barque", "bassin", "bateau", "berger", "beurre", "bijou",
	"bison", "biscuit", "blaireau", "bleuet", "bocal", "bois", "bouton", "bougie", "boussole", "brebis",
	"brioche", "brique", "brosse", "buffle", "bureau", "cactus", "cadran", "cafe", "caillou", "camion",
	"canard", "canne", "carotte", "carton", "castor", "cerise", "chaise", "chameau", "chapeau", "charbon",
	"chat", "chemin", "cheval", "chevre", "chien", "citron", "citrouille", "clairon", "clef", "cloche",
	"cobra", "cocotte", "coffre", "colibri", "colline", "comete", "concombre", "coquille", "corail", "corde",
	"cornet", "coton", "coucou", "courge", "crabe", "crayon", "criquet", "cygne", "dauphin", "dentelle",
	"desert", "domino", "dragon", "dune", "ecureuil", "elephant", "encre", "epice", "escargot", "etoile",
	"faucon", "fenouil", "feuille", "figue", "flamant", "flute", "fontaine", "forge", "fourmi", "fraise",
	"framboise", "frelon", "fromage", "fusee", "galet", "gateau", "gazelle", "girafe", "glacier", "gland",
	"gorille", "goyave", "grenade", "grenier", "griffon", "grillon", "guitare", "hamac", "hamster", "harpe",
	"herisson", "hibou", "homard", "horloge", "houblon", "igloo", "iguane", "jaguar", "jardin", "jasmin",
	"jonquille", "kayak", "kiwi", "koala", "lama", "lampe", "lapin", "laurier", "lavande", "lemurien",
	"lentille", "lezard", "licorne", "lilas", "lion", "litchi", "loutre", "loup", "lune", "lynx",
	"macaron", "mangue", "manteau", "marmotte", "marron", "melon", "merle", "miel", "mimosa", "miroir",
	"moineau", "montagne", "mouette", "moulin", "mouton", "muguet", "myrtille", "narval", "navet", "nuage",
	"oasis", "ocean", "oignon", "olive", "orage", "orange", "orchidee", "ortie", "otarie", "ours",
	"paille", "palmier", "panda", "panier", "papillon", "paquebot", "parapluie", "pastel", "pelican", "perle",
	"phare", "piano", "pigeon", "piment", "pingouin", "pinceau", "pivoine", "plage", "plume", "poire",
	"poivron", "pomme", "poney", "potiron", "poulpe", "prairie", "prune", "puma", "radis", "raisin",
	"renard", "requin", "riviere", "robot", "roseau", "rubis", "sable", "safran", "sapin", "sardine",
	"saule", "serpent", "sirop", "soleil", "souris", "tambour", "tapis", "taupe", "theiere", "tigre",
	"tomate", "torrent", "tortue", "toucan", "trefle", "tresor", "tulipe", "vache", "valise", "vanille",
	"violon", "volcan", "wagon", "yaourt", "zebre", "zeste"}
