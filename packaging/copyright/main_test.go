package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/licensecheck"
)

func TestIsLicenceFile(t *testing.T) {
	for name, want := range map[string]bool{
		"LICENSE": true, "LICENSE.txt": true, "license.md": true, "COPYING": true,
		"LICENSE-MIT": true, "LICENSE_Inter.txt": true, "UNLICENSE": true, "LICENCE": true,
		"licensed.go": false, "README.md": false, "LICENSES.go": false, "copyright.go": false,
	} {
		if got := isLicenceFile(name); got != want {
			t.Errorf("isLicenceFile(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestClassifyAndQuote(t *testing.T) {
	mit := "MIT License\n\nCopyright (c) 2021 Jane Doe\n\n" +
		"Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the \"Software\"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:\n\n" +
		"The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.\n\n" +
		"THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.\n"
	l, err := classify("LICENSE", []byte(mit))
	if err != nil {
		t.Fatal(err)
	}
	if l.ID != "MIT" || len(l.Copyright) != 1 || l.Copyright[0] != "Copyright (c) 2021 Jane Doe" {
		t.Fatalf("classify: ID %q, copyright %q", l.ID, l.Copyright)
	}
	if _, err := classify("LICENSE", []byte("All rights reserved. Ask us.")); err == nil {
		t.Error("an unknown text was classified")
	}
	var b strings.Builder
	w := bufio.NewWriter(&b)
	writeText(w, "one\r\n\r\n  two  \n")
	w.Flush()
	if b.String() != " one\n .\n   two\n" {
		t.Errorf("writeText quoted %q", b.String())
	}
}

// A licence file beside a compiled package or above it counts; one in a
// module's command that is not compiled in does not; one among embedded
// assets (no Go code below) does.
func TestCounts(t *testing.T) {
	mod := t.TempDir()
	for _, f := range []string{"lib/lib.go", "cmd/tool/main.go", "fonts/a.ttf"} {
		p := filepath.Join(mod, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	compiled := map[string]bool{filepath.Join(mod, "lib"): true}
	for dir, want := range map[string]bool{mod: true, filepath.Join(mod, "lib"): true, filepath.Join(mod, "cmd", "tool"): false, filepath.Join(mod, "cmd"): false, filepath.Join(mod, "fonts"): true} {
		if got := counts(dir, compiled); got != want {
			t.Errorf("counts(%s) = %v, want %v", dir, got, want)
		}
	}
}

// A licence Debian ships is not quoted: alone in a file it leaves no text,
// beside another licence it leaves a pointer; the stand-alone paragraph
// points to /usr/share/common-licenses.
func TestCommonLicencesReferred(t *testing.T) {
	text := "Copyright 2020 A\nAPACHE TEXT\nMIT TEXT\n"
	apache := licensecheck.Match{ID: "Apache-2.0", Start: strings.Index(text, "APACHE"), End: strings.Index(text, "APACHE") + len("APACHE TEXT")}
	mit := licensecheck.Match{ID: "MIT", Start: strings.Index(text, "MIT"), End: len(text) - 1}
	if got := withoutCommon(text, []licensecheck.Match{apache}); got != "" {
		t.Errorf("Apache-2.0 alone left %q", got)
	}
	if got, want := withoutCommon(text, []licensecheck.Match{mit, apache}), "Copyright 2020 A\n[Apache-2.0: see /usr/share/common-licenses/Apache-2.0]\nMIT TEXT\n"; got != want {
		t.Errorf("Apache-2.0 beside MIT: %q, want %q", got, want)
	}
	var b strings.Builder
	w := bufio.NewWriter(&b)
	writeCommon(w, map[string]string{"MPL-2.0": "MPL-2.0", "Apache-2.0": "Apache-2.0"})
	w.Flush()
	want := "License: Apache-2.0\n On Debian systems, the complete text of the Apache License, Version 2.0\n" +
		" can be found in \"/usr/share/common-licenses/Apache-2.0\".\n\n" +
		"License: MPL-2.0\n On Debian systems, the complete text of the Mozilla Public License, Version 2.0\n" +
		" can be found in \"/usr/share/common-licenses/MPL-2.0\".\n\n"
	if b.String() != want {
		t.Errorf("writeCommon wrote:\n%s\nwant:\n%s", b.String(), want)
	}
	for id, file := range commonLicences {
		if _, err := os.Stat(filepath.Join("/usr/share/common-licenses", file)); err != nil && !os.IsNotExist(err) {
			t.Error(err)
		} else if err != nil {
			t.Logf("%s: %v (not a Debian system?)", id, err)
		}
		if commonLicenceNames[file] == "" {
			t.Errorf("no name for %s", file)
		}
	}
}
