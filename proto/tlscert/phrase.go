package tlscert

import (
	"encoding/hex"
	"strconv"
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

// phraseLists are the words of each screen language, by its code as
// package i18n names it; French, the protocol's own, for any other.
var phraseLists = map[string]*[256]string{"fr": &phraseWords, "de": &phraseWordsDE, "en": &phraseWordsEN}

// ShowPhrase is phrase (Phrase's words, as the protocol carries, stores
// and logs them) as a screen in lang shows it: the same three words in
// that language, then their numbers, 1 to 256, which every language
// shares — "Mond-Biber-Klavier" on a German table is "lune-castor-piano"
// on a French phone, and both end with the same "(153-55-184)", so two
// people who read different languages still compare the same thing, and
// one who reads both can compare words. A phrase that is not three
// words of the list is returned as it is.
func ShowPhrase(phrase, lang string) string {
	idx, ok := phraseIndexes(phrase)
	if !ok {
		return phrase
	}
	list := phraseLists[lang]
	if list == nil {
		list = &phraseWords
	}
	words := make([]string, len(idx))
	nums := make([]string, len(idx))
	for i, b := range idx {
		words[i] = list[b]
		nums[i] = strconv.Itoa(int(b) + 1)
	}
	return strings.Join(words, "-") + " (" + strings.Join(nums, "-") + ")"
}

// PhraseNumbers is the language-neutral half of ShowPhrase: phrase's
// words' numbers, "153-55-184", or "" for a phrase not of the list. The
// command line prints them beside the words.
func PhraseNumbers(phrase string) string {
	idx, ok := phraseIndexes(phrase)
	if !ok {
		return ""
	}
	nums := make([]string, len(idx))
	for i, b := range idx {
		nums[i] = strconv.Itoa(int(b) + 1)
	}
	return strings.Join(nums, "-")
}

// phraseIndexes are the places in the list of phrase's words.
func phraseIndexes(phrase string) ([]byte, bool) {
	parts := strings.Split(phrase, "-")
	if len(parts) != PhraseWords {
		return nil, false
	}
	out := make([]byte, len(parts))
	for i, w := range parts {
		n, ok := phraseIndex[w]
		if !ok {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// phraseIndex is each French word's place in phraseWords.
var phraseIndex = func() map[string]byte {
	m := make(map[string]byte, len(phraseWords))
	for i, w := range phraseWords {
		m[w] = byte(i)
	}
	return m
}()

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
