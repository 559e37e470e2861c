package venue

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/renameio/v2"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/tlscert"
)

// Keys of venue_config for a kiosk's pairing. The code is not kept: the
// kiosk's own credential (pairing.go) is its key to the venue.
const (
	pairAddrKey        = "pair.addr"
	pairCodeKey        = "pair.code" // set by earlier versions; cleared when pairing
	pairFingerprintKey = "pair.fingerprint"
	pairCredKey        = "pair.credential"
)

// Pairing is how a kiosk reaches its venue's hub: the hub's leaf address,
// its pairing address (to pair; "": the leaf address's host with
// DefaultPairPort), a one-time pairing code (to pair; never stored) and
// the fingerprint of the hub's certificate, pinned.
type Pairing struct {
	Addr, PairAddr, Code, Fingerprint string
	// Table is the table's name the hub's console lists the pairing
	// under ("": the name the database keeps).
	Table string
}

// pairAddr is where p pairs.
func (p Pairing) pairAddr() string {
	if p.PairAddr != "" {
		return p.PairAddr
	}
	host, _, _ := net.SplitHostPort(p.Addr)
	return net.JoinHostPort(host, strconv.Itoa(DefaultPairPort))
}

var (
	codeRE        = regexp.MustCompile(`^[0-9]{6}$`)
	fingerprintRE = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// Check reports what is wrong with p, if anything.
func (p Pairing) Check() error {
	if _, _, err := net.SplitHostPort(p.Addr); err != nil {
		return fmt.Errorf("venue address %q: want HOST:PORT", p.Addr)
	}
	if _, _, err := net.SplitHostPort(p.PairAddr); p.PairAddr != "" && err != nil {
		return fmt.Errorf("venue pairing address %q: want HOST:PORT", p.PairAddr)
	}
	if !codeRE.MatchString(p.Code) {
		return fmt.Errorf("venue code %q: want six digits", p.Code)
	}
	if !fingerprintRE.MatchString(p.Fingerprint) {
		return fmt.Errorf("venue fingerprint %q: want 64 hex digits", p.Fingerprint)
	}
	return nil
}

// normalised is p with its fingerprint as Check wants it.
func (p Pairing) normalised() Pairing {
	p.Fingerprint = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(p.Fingerprint), ":", ""))
	p.Code = strings.TrimSpace(p.Code)
	p.PairAddr = strings.TrimSpace(p.PairAddr)
	return p
}

// Pair pairs the kiosk with the hub p names: it reaches the hub's pairing
// address over TLS pinned to p's fingerprint, has it check the one-time
// code and learn a credential made for this kiosk, and stores the leaf
// address and fingerprint in the kiosk's database and the credential in
// its file (not the code). The kiosk joins that venue at its next start
// (or StartKiosk now), and at every start after it. A code the hub
// refuses gives ErrRefused (ErrCodeUsed, ErrCodeExpired or a
// *CodeLockedError when it said why); nothing is stored then.
func Pair(ctx context.Context, d *db.DB, p Pairing) error {
	p = p.normalised()
	if err := p.Check(); err != nil {
		return err
	}
	id, err := d.VenueID(ctx)
	if err != nil {
		return err
	}
	cred, err := newCredential()
	if err != nil {
		return err
	}
	if p.Table == "" {
		if p.Table, err = d.TableName(ctx); err != nil {
			return err
		}
	}
	// A certificate request for the table's staff console: a hub
	// holding the venue's authority answers it with a certificate the
	// staff's browsers trust (docs/install.md, "A console the browser
	// trusts").
	dir := tlscert.ConsoleDir(d.Path())
	names, ips := tlscert.MachineNames()
	var csr []byte
	if _, err := tlscert.LoadCA(dir); errors.Is(err, tlscert.ErrNoCA) {
		// (A table that made the authority itself issues its own.)
		if csr, err = tlscert.ConsoleKey(dir, names, ips); err != nil {
			return err
		}
	}
	done, err := pairVia(ctx, &net.Dialer{}, p.pairAddr(), p.Fingerprint, pairRequest{Kiosk: id, Table: p.Table, Code: p.Code, Credential: cred, ConsoleCSR: csr})
	if err != nil {
		return err
	}
	if len(done.Console) > 0 {
		if err := tlscert.SaveConsole(dir, done.Console, done.CA); err != nil {
			return err
		}
	}
	if err := writeCredential(d, cred); err != nil {
		return err
	}
	return d.SetVenueConfig(ctx, map[string]string{
		pairAddrKey: p.Addr, pairFingerprintKey: p.Fingerprint, pairCredKey: "", pairCodeKey: "",
	})
}

// credentialPath is the file of the kiosk's venue credential, beside its
// database (mode 0600): out of the database, so that no download of it
// from the console, no backup and no copy of the file carries the key to
// the venue.
func credentialPath(d *db.DB) string { return d.Path() + ".venue-credential" }

// writeCredential writes the kiosk's venue credential into its file,
// synced, then renamed over the old: a power cut leaves one or the other.
func writeCredential(d *db.DB, cred string) error {
	if err := renameio.WriteFile(credentialPath(d), []byte(cred+"\n"), 0o600); err != nil {
		return fmt.Errorf("venue: credential: %w", err)
	}
	return nil
}

// readCredential reads the kiosk's venue credential: from its file, or,
// for a kiosk paired by an earlier build that kept it in the database,
// from there, moving it into the file and out of the database.
func readCredential(ctx context.Context, d *db.DB) (string, error) {
	b, err := os.ReadFile(credentialPath(d))
	switch {
	case err == nil:
		return strings.TrimSpace(string(b)), nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("venue: credential: %w", err)
	}
	old, err := d.VenueConfig(ctx, pairCredKey)
	if err != nil || old == "" {
		return "", err
	}
	if err := writeCredential(d, old); err != nil {
		return "", err
	}
	if err := d.SetVenueConfig(ctx, map[string]string{pairCredKey: ""}); err != nil {
		return "", fmt.Errorf("venue: move the credential out of the database: %w", err)
	}
	return old, nil
}

// PairingWords are the verification words of the kiosk's pairing: the
// hub's console lists the pairing with the same words (PairingNote), so
// the staff see that the pairing the hub took is this table's. "" when
// the kiosk is not paired.
func PairingWords(ctx context.Context, d *db.DB) (string, error) {
	cred, err := readCredential(ctx, d)
	if err != nil || cred == "" {
		return "", err
	}
	return tlscert.Phrase(credHash(cred)), nil
}

// Unpair forgets the kiosk's venue: it stops joining it at its next start
// (stop its running Kiosk first). Its sessions stay where they reached.
func Unpair(ctx context.Context, d *db.DB) error {
	if err := os.Remove(credentialPath(d)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("venue: credential: %w", err)
	}
	return d.SetVenueConfig(ctx, map[string]string{pairAddrKey: "", pairFingerprintKey: "", pairCredKey: "", pairCodeKey: ""})
}

// Paired returns the kiosk's stored pairing (without a code), and whether
// it has one.
func Paired(ctx context.Context, d *db.DB) (Pairing, bool, error) {
	p, cred, err := paired(ctx, d)
	return p, p.Addr != "" && cred != "", err
}

func paired(ctx context.Context, d *db.DB) (Pairing, string, error) {
	var p Pairing
	var cred string
	var err error
	for key, v := range map[string]*string{pairAddrKey: &p.Addr, pairFingerprintKey: &p.Fingerprint} {
		if *v, err = d.VenueConfig(ctx, key); err != nil {
			return p, "", err
		}
	}
	if cred, err = readCredential(ctx, d); err != nil {
		return p, "", err
	}
	return p, cred, nil
}
