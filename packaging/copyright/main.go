// Command copyright writes the Debian copyright file of the tablee package:
// Tablée's own licence and, for every Go module compiled into the given
// binaries (read from their build information, as `go version -m` shows
// it), the licence files found in that module's directory of the module
// cache, classified with licensecheck and quoted in full. Nothing in it is
// typed by hand, so it cannot fall behind go.mod.
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
	Text      string
	Copyright []string
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
	if err := writeHeader(out, root, binaries); err != nil {
		return err
	}
	std := module{Path: "Go standard library and runtime", Version: goVersion, Dir: goroot, Binaries: names(binaries)}
	var errs []error
	for _, m := range append([]module{std}, mods...) {
		lics, err := licences(m.Dir, compiled)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %w", m.Path, m.Version, err))
			continue
		}
		for _, l := range lics {
			writeStanza(out, m, l)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
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
	var ids []string
	for _, m := range cov.Match {
		if !contains(ids, m.ID) {
			ids = append(ids, m.ID)
		}
	}
	return licence{Rel: rel, ID: strings.Join(ids, " AND "), Text: string(text), Copyright: copyrightLines(string(text))}, nil
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

func writeHeader(w *bufio.Writer, root string, binaries []string) error {
	fmt.Fprintln(w, "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
	fmt.Fprintln(w, "Upstream-Name: Tablée")
	fmt.Fprintln(w, "Comment: Generated by packaging/copyright from the build information of")
	fmt.Fprintf(w, " %s and the licence files of their Go modules in the\n", strings.Join(names(binaries), ", "))
	fmt.Fprintln(w, " module cache. Each paragraph below names a module (or a part of one with")
	fmt.Fprintln(w, " its own licence), the binaries it is compiled into, and quotes the licence.")
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
		return err
	default:
		l, err := classify("LICENSE", own)
		if err != nil {
			return fmt.Errorf("the licence of Tablée's own code: %w", err)
		}
		fmt.Fprintf(w, "License: %s\n", l.ID)
		writeText(w, l.Text)
	}
	fmt.Fprintln(w)
	return nil
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
	writeText(w, l.Text)
	fmt.Fprintln(w)
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
