package tlscert

// The verification words in each screen's language, at the same places as
// phraseWords: the word a fingerprint's byte picks in one language names
// the same thing in the others ("lune", "Mond", "moon"). Lowercase, one
// word each, distinct within a list; the German ones keep their umlauts
// (only the French list, the protocol's, is plain ASCII).
var (
	phraseWordsDE = [256]string{
		"biene", "aprikose", "stahl", "lamm", "adler", "alge", "mandel", "ananas", "anker", "aal",
		"antenne", "baum", "silber", "schrank", "spargel", "werkstatt", "flugzeug", "avocado", "abzeichen", "wal",
		"ballon", "bambus", "banane", "bank", "kahn", "teich", "boot", "hirte", "butter", "juwel",
		"bison", "keks", "dachs", "kornblume", "glas", "holz", "knopf", "kerze", "kompass", "mutterschaf",
		"hefezopf", "ziegel", "bürste", "büffel", "schreibtisch", "kaktus", "zifferblatt", "kaffee", "stein", "lastwagen",
		"ente", "stock", "karotte", "karton", "biber", "kirsche", "stuhl", "kamel", "hut", "kohle",
		"katze", "pfad", "pferd", "ziege", "hund", "zitrone", "kürbis", "horn", "schlüssel", "glocke",
		"kobra", "schmortopf", "truhe", "kolibri", "hügel", "komet", "gurke", "muschel", "koralle", "seil",
		"tüte", "baumwolle", "kuckuck", "zucchini", "krabbe", "bleistift", "heuschrecke", "schwan", "delfin", "spitze",
		"wüste", "domino", "drache", "düne", "eichhörnchen", "elefant", "tinte", "gewürz", "schnecke", "stern",
		"falke", "fenchel", "blatt", "feige", "flamingo", "flöte", "brunnen", "schmiede", "ameise", "erdbeere",
		"himbeere", "hornisse", "käse", "rakete", "kiesel", "kuchen", "gazelle", "giraffe", "gletscher", "eichel",
		"gorilla", "guave", "granatapfel", "dachboden", "greif", "grille", "gitarre", "hängematte", "hamster", "harfe",
		"igel", "eule", "hummer", "uhr", "hopfen", "iglu", "leguan", "jaguar", "garten", "jasmin",
		"narzisse", "kajak", "kiwi", "koala", "lama", "lampe", "kaninchen", "lorbeer", "lavendel", "lemur",
		"linse", "eidechse", "einhorn", "flieder", "löwe", "litschi", "otter", "wolf", "mond", "luchs",
		"makrone", "mango", "mantel", "murmeltier", "kastanie", "melone", "amsel", "honig", "mimose", "spiegel",
		"spatz", "berg", "möwe", "mühle", "schaf", "maiglöckchen", "heidelbeere", "narwal", "rübe", "wolke",
		"oase", "ozean", "zwiebel", "olive", "gewitter", "orange", "orchidee", "brennnessel", "seelöwe", "bär",
		"stroh", "palme", "panda", "korb", "schmetterling", "dampfer", "regenschirm", "pastell", "pelikan", "perle",
		"leuchtturm", "klavier", "taube", "chili", "pinguin", "pinsel", "pfingstrose", "strand", "feder", "birne",
		"paprika", "apfel", "pony", "riesenkürbis", "krake", "wiese", "pflaume", "puma", "radieschen", "traube",
		"fuchs", "hai", "fluss", "roboter", "schilf", "rubin", "sand", "safran", "tanne", "sardine",
		"weide", "schlange", "sirup", "sonne", "maus", "trommel", "teppich", "maulwurf", "teekanne", "tiger",
		"tomate", "sturzbach", "schildkröte", "tukan", "klee", "schatz", "tulpe", "kuh", "koffer", "vanille",
		"geige", "vulkan", "waggon", "joghurt", "zebra", "schale"}

	phraseWordsEN = [256]string{
		"bee", "apricot", "steel", "lamb", "eagle", "seaweed", "almond", "pineapple", "anchor", "eel",
		"antenna", "tree", "silver", "wardrobe", "asparagus", "workshop", "plane", "avocado", "badge", "whale",
		"balloon", "bamboo", "banana", "bench", "rowboat", "pond", "boat", "shepherd", "butter", "jewel",
		"bison", "biscuit", "badger", "cornflower", "jar", "wood", "button", "candle", "compass", "ewe",
		"brioche", "brick", "brush", "buffalo", "desk", "cactus", "dial", "coffee", "stone", "truck",
		"duck", "cane", "carrot", "cardboard", "beaver", "cherry", "chair", "camel", "hat", "coal",
		"cat", "path", "horse", "goat", "dog", "lemon", "pumpkin", "bugle", "key", "bell",
		"cobra", "casserole", "chest", "hummingbird", "hill", "comet", "cucumber", "shell", "coral", "rope",
		"cornet", "cotton", "cuckoo", "squash", "crab", "pencil", "grasshopper", "swan", "dolphin", "lace",
		"desert", "domino", "dragon", "dune", "squirrel", "elephant", "ink", "spice", "snail", "star",
		"falcon", "fennel", "leaf", "fig", "flamingo", "flute", "fountain", "forge", "ant", "strawberry",
		"raspberry", "hornet", "cheese", "rocket", "pebble", "cake", "gazelle", "giraffe", "glacier", "acorn",
		"gorilla", "guava", "pomegranate", "attic", "griffin", "cricket", "guitar", "hammock", "hamster", "harp",
		"hedgehog", "owl", "lobster", "clock", "hops", "igloo", "iguana", "jaguar", "garden", "jasmine",
		"daffodil", "kayak", "kiwi", "koala", "llama", "lamp", "rabbit", "laurel", "lavender", "lemur",
		"lentil", "lizard", "unicorn", "lilac", "lion", "lychee", "otter", "wolf", "moon", "lynx",
		"macaron", "mango", "coat", "marmot", "chestnut", "melon", "blackbird", "honey", "mimosa", "mirror",
		"sparrow", "mountain", "seagull", "mill", "sheep", "lily", "blueberry", "narwhal", "turnip", "cloud",
		"oasis", "ocean", "onion", "olive", "storm", "orange", "orchid", "nettle", "seal", "bear",
		"straw", "palm", "panda", "basket", "butterfly", "liner", "umbrella", "pastel", "pelican", "pearl",
		"lighthouse", "piano", "pigeon", "chili", "penguin", "paintbrush", "peony", "beach", "feather", "pear",
		"pepper", "apple", "pony", "gourd", "octopus", "meadow", "plum", "puma", "radish", "grape",
		"fox", "shark", "river", "robot", "reed", "ruby", "sand", "saffron", "fir", "sardine",
		"willow", "snake", "syrup", "sun", "mouse", "drum", "carpet", "mole", "teapot", "tiger",
		"tomato", "torrent", "turtle", "toucan", "clover", "treasure", "tulip", "cow", "suitcase", "vanilla",
		"violin", "volcano", "wagon", "yogurt", "zebra", "zest"}
)
