package console

import "github.com/tablee/tablee/proto/tlscert"

// Words is a verification phrase (tlscert.Phrase's words, as a pairing
// note keeps them) as the page shows it: in the page's language, with the
// numbers a screen in any other language shows too (tlscert.ShowPhrase).
func (v view) Words(phrase string) string { return tlscert.ShowPhrase(phrase, string(v.Lang)) }
