package version

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// A Debian version must start with a digit; ours is plain dotted numbers.
func TestNumberIsDotted(t *testing.T) {
	if !regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`).MatchString(Number()) {
		t.Fatalf("VERSION holds %q, want MAJOR.MINOR.PATCH", Number())
	}
}

func TestLineNamesProgramAndVersion(t *testing.T) {
	l := Line("kiosk")
	if !strings.HasPrefix(l, "kiosk "+Number()+" (") {
		t.Fatalf("Line = %q", l)
	}
}

// The Fyne apps' metadata repeats the version (fyne package reads it from
// FyneApp.toml): it must say what VERSION says.
func TestFyneAppVersionsMatch(t *testing.T) {
	for _, app := range []string{"kiosk", "companion"} {
		path := filepath.Join("..", "cmd", app, "FyneApp.toml")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var meta struct {
			Details struct{ Version string }
		}
		if err := toml.Unmarshal(b, &meta); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if meta.Details.Version != Number() {
			t.Errorf("%s says Version = %q, VERSION says %q", path, meta.Details.Version, Number())
		}
	}
}
