// Command copyright writes the Debian copyright file of the tablee package:
// Tablée's own licence and, for every Go module compiled into the given
// binaries (read from their build information, as `go version -m` shows
// it), the licence files found in that module's directory of the module
// cache, classified with licensecheck. Nothing in it is typed by hand, so
// it cannot fall behind go.mod.
//
// The file is in Debian's machine-readable format (DEP-5). A licence whose
// text Debian ships in /usr/share/common-licenses (Apache-2.0, the GPLs,
// MPL-2.0, ...) is not quoted: its Files paragraphs name it, and one
// stand-alone License paragraph at the end points to that file, as Debian
// policy (12.5) asks. Every other licence (MIT, the BSD licences, ...) is
// quoted in full in each Files paragraph, since their texts differ by the
// names of their authors.
//
//	go run ./packaging/copyright [-root DIR] BINARY... > copyright
//
// A licence file counts when its directory holds a package compiled in, or
// one of their parents, or has no Go code below it at all (fonts and other
// assets embedded by a package); licence files of commands, examples and test
// data of a module are left out. A licence licensecheck cannot classify is
// quoted in full all the same, under a LicenseRef- name, with a warning. It
// fails when a module has no licence file: a person must look before such a
// module ships.
package main

import (
	"bufio"
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/google/licensecheck"
)

// minCoverage is how much of a licence file licensecheck must recognise
// (percent) for its verdict to be trusted.
const minCoverage = 75

func main() {
	root := flag.String("root", ".", "the Tablée source tree (for its own LICENSE file)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: copyright [-root DIR] BINARY... > copyright")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(os.Stdout, *root, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "copyright:", err)
		os.Exit(1)
	}
}

// module is one Go module compiled into some of the binaries.
type module struct {
	Path, Version string
	Dir           string   // its directory in the module cache
	Binaries      []string // which binaries hold it
}

// licence is one licence file and what licensecheck made of it.
type licence struct {
	Rel       string // path inside the module
	ID        string // SPDX expression, e.g. "MIT" or "BSD-3-Clause AND Zlib"
	Text      string // what the Files paragraph quotes; empty when all of it is in common-licenses
	Common    []string
	Copyright []string
}

// commonLicences maps the licensecheck identifiers of the licences whose
// text Debian ships to their file in /usr/share/common-licenses.
var commonLicences = map[string]string{
	"Apache-2.0":        "Apache-2.0",
	"Artistic-1.0":      "Artistic",
	"Artistic-1.0-Perl": "Artistic",
	"CC0-1.0":           "CC0-1.0",
	"GFDL-1.2":          "GFDL-1.2",
	"GFDL-1.2-only":     "GFDL-1.2",
	"GFDL-1.2-or-later": "GFDL-1.2",
	"GFDL-1.3":          "GFDL-1.3",
	"GFDL-1.3-only":     "GFDL-1.3",
	"GFDL-1.3-or-later": "GFDL-1.3",
	"GPL-1.0":           "GPL-1",
	"GPL-1.0-only":      "GPL-1",
	"GPL-1.0-or-later":  "GPL-1",
	"GPL-2.0":           "GPL-2",
	"GPL-2.0-only":      "GPL-2",
	"GPL-2.0-or-later":  "GPL-2",
	"GPL-3.0":           "GPL-3",
	"GPL-3.0-only":      "GPL-3",
	"GPL-3.0-or-later":  "GPL-3",
	"LGPL-2.0":          "LGPL-2",
	"LGPL-2.0-only":     "LGPL-2",
	"LGPL-2.0-or-later": "LGPL-2",
	"LGPL-2.1":          "LGPL-2.1",
	"LGPL-2.1-only":     "LGPL-2.1",
	"LGPL-2.1-or-later": "LGPL-2.1",
	"LGPL-3.0":          "LGPL-3",
	"LGPL-3.0-only":     "LGPL-3",
	"LGPL-3.0-or-later": "LGPL-3",
	"MPL-1.1":           "MPL-1.1",
	"MPL-2.0":           "MPL-2.0",
}

// commonLicenceNames are the licences' names in the pointer to their file.
var commonLicenceNames = map[string]string{
	"Apache-2.0": "the Apache License, Version 2.0",
	"Artistic":   "the Artistic License",
	"CC0-1.0":    "the Creative Commons CC0 1.0 Universal licence",
	"GFDL-1.2":   "the GNU Free Documentation License, Version 1.2",
	"GFDL-1.3":   "the GNU Free Documentation License, Version 1.3",
	"GPL-1":      "the GNU General Public License, Version 1",
	"GPL-2":      "the GNU General Public License, Version 2",
	"GPL-3":      "the GNU General Public License, Version 3",
	"LGPL-2":     "the GNU Library General Public License, Version 2",
	"LGPL-2.1":   "the GNU Lesser General Public License, Version 2.1",
	"LGPL-3":     "the GNU Lesser General Public License, Version 3",
	"MPL-1.1":    "the Mozilla Public License, Version 1.1",
	"MPL-2.0":    "the Mozilla Public License, Version 2.0",
}

func run(w io.Writer, root string, binaries []string) error {
	mods, mains, goVersion, err := readModules(binaries)
	if err != nil {
		return err
	}
	if err := locate(mods); err != nil {
		return err
	}
	compiled, err := packageDirs(root, mains)
	if err != nil {
		return err
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	out := bufio.NewWriter(w)
	own, err := writeHeader(out, root, binaries)
	if err != nil {
		return err
	}
	std := module{Path: "Go standard library and runtime", Version: goVersion, Dir: goroot, Binaries: names(binaries)}
	var errs []error
	referenced := map[string]string{} // licence ID -> common-licenses file
	for _, id := range own {
		referenced[id] = commonLicences[id]
	}
	for _, m := range append([]module{std}, mods...) {
		lics, err := licences(m.Dir, compiled)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %w", m.Path, m.Version, err))
			continue
		}
		for _, l := range lics {
			writeStanza(out, m, l)
			for _, id := range l.Common {
				referenced[id] = commonLicences[id]
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	writeCommon(out, referenced)
	return out.Flush()
}

// readModules reads the dependency list each binary's build information
// records, merged across binaries and sorted by path, and the binaries'
// main packages.
func readModules(binaries []string) ([]module, []string, string, error) {
	byPath := map[string]*module{}
	var mains []string
	goVersion := ""
	for _, b := range binaries {
		info, err := buildinfo.ReadFile(b)
		if err != nil {
			return nil, nil, "", fmt.Errorf("read the build information of %s: %w", b, err)
		}
		goVersion = info.GoVersion
		mains = append(mains, info.Path)
		for _, d := range info.Deps {
			if d.Replace != nil {
				d = d.Replace
			}
			key := d.Path + "@" + d.Version
			m, ok := byPath[key]
			if !ok {
				m = &module{Path: d.Path, Version: d.Version}
				byPath[key] = m
			}
			m.Binaries = append(m.Binaries, filepath.Base(b))
		}
	}
	mods := make([]module, 0, len(byPath))
	for _, m := range byPath {
		mods = append(mods, *m)
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Path < mods[j].Path })
	return mods, mains, goVersion, nil
}

// packageDirs lists the directories of every package compiled into the
// main packages, standard library included.
func packageDirs(root string, mains []string) (map[string]bool, error) {
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", "{{.Dir}}"}, mains...)...)
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps: %w", err)
	}
	dirs := map[string]bool{}
	for _, d := range strings.Fields(string(b)) {
		dirs[d] = true
	}
	return dirs, nil
}

// counts tells whether a licence file in dir covers compiled code: dir
// is a compiled package's directory or a parent of one, or has no Go files
// below it (assets a package embeds).
func counts(dir string, compiled map[string]bool) bool {
	if compiled[dir] {
		return true
	}
	for d := range compiled {
		if strings.HasPrefix(d, dir+string(filepath.Separator)) {
			return true
		}
	}
	return !hasGo(dir)
}

// hasGo tells whether any .go file lies under dir.
func hasGo(dir string) bool {
	found := errors.New("found")
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			return found
		}
		return nil
	})
	return errors.Is(err, found)
}

// locate finds each module's directory in the module cache with one
// `go mod download -json`, which also fetches any module missing there.
func locate(mods []module) error {
	if len(mods) == 0 {
		return nil
	}
	args := []string{"mod", "download", "-json"}
	for _, m := range mods {
		args = append(args, m.Path+"@"+m.Version)
	}
	cmd := exec.Command("go", args...)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go mod download: %w", err)
	}
	dirs := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(b))
	for dec.More() {
		var r struct{ Path, Version, Dir, Error string }
		if err := dec.Decode(&r); err != nil {
			return fmt.Errorf("go mod download: %w", err)
		}
		if r.Error != "" {
			return fmt.Errorf("go mod download %s@%s: %s", r.Path, r.Version, r.Error)
		}
		dirs[r.Path+"@"+r.Version] = r.Dir
	}
	for i, m := range mods {
		if mods[i].Dir = dirs[m.Path+"@"+m.Version]; mods[i].Dir == "" {
			return fmt.Errorf("go mod download did not locate %s@%s", m.Path, m.Version)
		}
	}
	return nil
}

func goEnv(name string) (string, error) {
	b, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// isLicenceFile tells licence files by name: LICENSE, LICENCE, COPYING,
// UNLICENSE, with or without an extension or a suffix (LICENSE-MIT).
func isLicenceFile(name string) bool {
	u := strings.ToUpper(name)
	for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "UNLICENSE"} {
		if u == p || strings.HasPrefix(u, p+".") || strings.HasPrefix(u, p+"-") || strings.HasPrefix(u, p+"_") {
			return true
		}
	}
	return false
}

// licences finds and classifies the licence files of a module directory,
// including those of code vendored inside it (test data and examples
// aside: they are not compiled in).
func licences(dir string, compiled map[string]bool) ([]licence, error) {
	var found []licence
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			if path != dir && (n == "testdata" || n == "_examples" || n == "examples" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !isLicenceFile(d.Name()) || !counts(filepath.Dir(path), compiled) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		l, err := classify(rel, b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "copyright: warning: %s: %v; quoted unclassified\n", dir, err)
			l = licence{Rel: rel, ID: "LicenseRef-" + refName(rel), Text: string(b), Copyright: copyrightLines(string(b))}
		}
		found = append(found, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, errors.New("no licence file")
	}
	return found, nil
}

func classify(rel string, text []byte) (licence, error) {
	cov := licensecheck.Scan(text)
	if cov.Percent < minCoverage || len(cov.Match) == 0 {
		return licence{}, fmt.Errorf("%s: licensecheck recognises only %.0f%% of it", rel, cov.Percent)
	}
	var ids, common []string
	for _, m := range cov.Match {
		if !contains(ids, m.ID) {
			ids = append(ids, m.ID)
		}
		if _, ok := commonLicences[m.ID]; ok && !contains(common, m.ID) {
			common = append(common, m.ID)
		}
	}
	l := licence{Rel: rel, ID: strings.Join(ids, " AND "), Text: string(text), Common: common, Copyright: copyrightLines(string(text))}
	if len(common) > 0 {
		l.Text = withoutCommon(string(text), cov.Match)
	}
	return l, nil
}

// withoutCommon is a licence text less the licences Debian ships: empty
// when nothing else is in it, else the rest with a pointer where each such
// licence was. Copyright notices stay (the Copyright field has them too).
func withoutCommon(text string, matches []licensecheck.Match) string {
	matches = slices.Clone(matches)
	slices.SortFunc(matches, func(a, b licensecheck.Match) int { return a.Start - b.Start })
	var b strings.Builder
	rest, at := false, 0
	for _, m := range matches {
		file, ok := commonLicences[m.ID]
		if !ok {
			rest = true
			continue
		}
		if m.Start < at { // overlaps the previous match: already replaced
			at = max(at, m.End)
			continue
		}
		b.WriteString(text[at:m.Start])
		fmt.Fprintf(&b, "[%s: see /usr/share/common-licenses/%s]", m.ID, file)
		at = m.End
	}
	b.WriteString(text[at:])
	if !rest {
		return ""
	}
	return b.String()
}

// copyrightLines picks the notices ("Copyright (c) 2019 …") out of a
// licence text.
func copyrightLines(text string) []string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		low := strings.ToLower(l)
		if (strings.HasPrefix(low, "copyright") || strings.HasPrefix(l, "©")) && strings.ContainsAny(l, "0123456789©") && !contains(lines, l) {
			lines = append(lines, l)
		}
	}
	return lines
}

// writeHeader writes the header and the paragraph of Tablée's own code,
// and returns the licences of it that are in common-licenses.
func writeHeader(w *bufio.Writer, root string, binaries []string) ([]string, error) {
	fmt.Fprintln(w, "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
	fmt.Fprintln(w, "Upstream-Name: Tablée")
	fmt.Fprintln(w, "Comment: Generated by packaging/copyright from the build information of")
	fmt.Fprintf(w, " %s and the licence files of their Go modules in the\n", strings.Join(names(binaries), ", "))
	fmt.Fprintln(w, " module cache. Each paragraph below names a module (or a part of one with")
	fmt.Fprintln(w, " its own licence), the binaries it is compiled into, and quotes the licence,")
	fmt.Fprintln(w, " or for a licence in /usr/share/common-licenses names it; the paragraphs")
	fmt.Fprintln(w, " at the end point to those files.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Files: *")
	fmt.Fprintln(w, "Copyright: the Tablée authors")
	own, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintln(w, "License: LicenseRef-Tablee-unpublished")
		fmt.Fprintln(w, " The Tablée source tree this package was built from carries no LICENSE")
		fmt.Fprintln(w, " file: its authors have published no licence for Tablée's own code yet.")
	case err != nil:
		return nil, err
	default:
		l, err := classify("LICENSE", own)
		if err != nil {
			return nil, fmt.Errorf("the licence of Tablée's own code: %w", err)
		}
		fmt.Fprintf(w, "License: %s\n", l.ID)
		if l.Text != "" {
			writeText(w, l.Text)
		}
		fmt.Fprintln(w)
		return l.Common, nil
	}
	fmt.Fprintln(w)
	return nil, nil
}

func writeStanza(w *bufio.Writer, m module, l licence) {
	files := m.Path + "/*"
	if d := filepath.Dir(l.Rel); d != "." {
		files = m.Path + "/" + filepath.ToSlash(d) + "/*"
	}
	fmt.Fprintf(w, "Files: %s\n", files)
	copyright := "the authors of " + m.Path
	if len(l.Copyright) > 0 {
		copyright = strings.Join(l.Copyright, "\n ")
	}
	fmt.Fprintf(w, "Copyright: %s\n", copyright)
	fmt.Fprintf(w, "Comment: %s %s, compiled into %s; licence file %s\n", m.Path, m.Version, strings.Join(m.Binaries, ", "), filepath.ToSlash(l.Rel))
	fmt.Fprintf(w, "License: %s\n", l.ID)
	if l.Text != "" {
		writeText(w, l.Text)
	}
	fmt.Fprintln(w)
}

// writeCommon writes one stand-alone License paragraph for each licence
// named above whose text Debian ships, pointing to it.
func writeCommon(w *bufio.Writer, referenced map[string]string) {
	ids := make([]string, 0, len(referenced))
	for id := range referenced {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		file := referenced[id]
		fmt.Fprintf(w, "License: %s\n", id)
		fmt.Fprintf(w, " On Debian systems, the complete text of %s\n", commonLicenceNames[file])
		fmt.Fprintf(w, " can be found in \"/usr/share/common-licenses/%s\".\n", file)
		fmt.Fprintln(w)
	}
}

// writeText quotes a licence text as a continuation field: every line
// indented by one space, empty lines as " .".
func writeText(w *bufio.Writer, text string) {
	for _, l := range strings.Split(strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\n") {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			fmt.Fprintln(w, " .")
			continue
		}
		fmt.Fprintln(w, " "+l)
	}
}

// refName makes a LicenseRef- name from a licence file's path.
func refName(rel string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '-'
	}, filepath.ToSlash(rel))
}

func names(binaries []string) []string {
	out := make([]string, len(binaries))
	for i, b := range binaries {
		out[i] = filepath.Base(b)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
