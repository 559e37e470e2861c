package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/crypto/bcrypt"
)

// Setting keys.
const (
	keyStaffPIN                = "staff_pin"      // bcrypt hash of the staff PIN
	keyStaffPINFull            = "staff_pin_full" // when the wrong-PIN budget is full again (Unix ms)
	keyTableName               = "table_name"     // the name guests and phones see
	keyLanguage                = "language"       // the table's language (i18n code) as guests last chose it
	keyLesson                  = "lesson"         // the lesson on the table: "game:step", "" when none
	keyOptions                 = "options:"       // + game id: that game's default options (JSON)
	keyHintsInRated            = "hints_in_rated" // "false": rated games refuse hints; anything else allows them
	minPINDigits, maxPINDigits = 4, 12
)

// Errors of the staff PIN.
var (
	// ErrNoStaffPIN: no PIN was set yet (tablee staff-pin sets one).
	ErrNoStaffPIN = errors.New("no staff PIN is set")
	// ErrWrongPIN: the PIN given is not the staff PIN.
	ErrWrongPIN = errors.New("wrong staff PIN")
	// ErrBadPIN: a new PIN must be 4 to 12 digits.
	ErrBadPIN = fmt.Errorf("a staff PIN is %d to %d digits", minPINDigits, maxPINDigits)
)

// setting reads one setting; ok is false when it was never set.
func (d *DB) setting(ctx context.Context, key string) (value string, ok bool, err error) {
	err = d.r.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read setting %s: %w", key, err)
	}
	return value, true, nil
}

func (d *DB) setSetting(ctx context.Context, key, value string) error {
	_, err := d.w.ExecContext(ctx,
		`INSERT INTO settings (key, value) VALUES (?, ?)
		 ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value)
	if err != nil {
		return fmt.Errorf("write setting %s: %w", key, err)
	}
	return nil
}

// SetStaffPIN stores a salted bcrypt hash of pin, replacing any earlier PIN.
// The PIN itself is never stored.
func (d *DB) SetStaffPIN(ctx context.Context, pin string) error {
	if !validPIN(pin) {
		return ErrBadPIN
	}
	// bcrypt: a maintained slow salted hash whose encoded form carries its
	// own salt and cost, so nothing about it is written by hand here.
	hash, err := bcrypt.GenerateFromPassword([]byte(pin), bcrypt.DefaultCost)
	if err != nil {
		return fmt.Errorf("hash staff PIN: %w", err)
	}
	return d.setSetting(ctx, keyStaffPIN, string(hash))
}

// HasStaffPIN reports whether a staff PIN was set.
func (d *DB) HasStaffPIN(ctx context.Context) (bool, error) {
	_, ok, err := d.setting(ctx, keyStaffPIN)
	return ok, err
}

// CheckStaffPIN returns nil when pin is the staff PIN, ErrWrongPIN when it
// is not and ErrNoStaffPIN when none was set. It takes bcrypt's time on
// purpose; callers rate-limit wrong attempts.
func (d *DB) CheckStaffPIN(ctx context.Context, pin string) error {
	hash, ok, err := d.setting(ctx, keyStaffPIN)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNoStaffPIN
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(pin)) != nil {
		return ErrWrongPIN
	}
	return nil
}

// StaffPINLimit is the time the staff gate's wrong-PIN budget is full
// again, saved so that a restart does not give the tries back; the zero
// time when none was saved.
func (d *DB) StaffPINLimit(ctx context.Context) (time.Time, error) {
	v, ok, err := d.setting(ctx, keyStaffPINFull)
	if err != nil || !ok {
		return time.Time{}, err
	}
	ms, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("setting %s: %w", keyStaffPINFull, err)
	}
	if ms == 0 {
		return time.Time{}, nil
	}
	return time.UnixMilli(ms), nil
}

// SetStaffPINLimit saves it (the zero time: a full budget).
func (d *DB) SetStaffPINLimit(ctx context.Context, t time.Time) error {
	var ms int64
	if !t.IsZero() {
		ms = t.UnixMilli()
	}
	return d.setSetting(ctx, keyStaffPINFull, strconv.FormatInt(ms, 10))
}

func validPIN(pin string) bool {
	if len(pin) < minPINDigits || len(pin) > maxPINDigits {
		return false
	}
	for _, r := range pin {
		if !unicode.IsDigit(r) || r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// TableName is the table's name as the staff set it, "" when never set.
func (d *DB) TableName(ctx context.Context) (string, error) {
	v, _, err := d.setting(ctx, keyTableName)
	return v, err
}

// SetTableName names the table (shown to guests and announced to phones).
func (d *DB) SetTableName(ctx context.Context, name string) error {
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > 40 {
		return fmt.Errorf("table name %q: 1 to 40 characters", name)
	}
	return d.setSetting(ctx, keyTableName, name)
}

// HintsInRated reports whether rated games offer hints (the staff's
// choice; true when never set: a hint helps a beginner more than it
// bends a rating).
func (d *DB) HintsInRated(ctx context.Context) (bool, error) {
	v, ok, err := d.setting(ctx, keyHintsInRated)
	if err != nil || !ok {
		return true, err
	}
	return v != "false", nil
}

// SetHintsInRated keeps whether rated games offer hints.
func (d *DB) SetHintsInRated(ctx context.Context, on bool) error {
	return d.setSetting(ctx, keyHintsInRated, strconv.FormatBool(on))
}

// Language is the table's language as guests last chose it (an i18n
// code such as "de"), "" when never chosen: a restarted kiosk speaks it.
func (d *DB) Language(ctx context.Context) (string, error) {
	v, _, err := d.setting(ctx, keyLanguage)
	return v, err
}

// Lesson is the lesson the table shows, by its game's id, and the number
// of its steps made, so that a restart brings it back at its step; game
// is "" when the table shows none.
func (d *DB) Lesson(ctx context.Context) (game string, step int, err error) {
	v, _, err := d.setting(ctx, keyLesson)
	if err != nil || v == "" {
		return "", 0, err
	}
	game, n, ok := strings.Cut(v, ":")
	if step, err = strconv.Atoi(n); !ok || err != nil || step < 0 {
		return "", 0, fmt.Errorf("lesson setting %q: not game:step", v)
	}
	return game, step, nil
}

// SetLesson keeps the lesson of game the table shows with step steps
// made; game "" says it shows none.
func (d *DB) SetLesson(ctx context.Context, game string, step int) error {
	if game == "" {
		return d.setSetting(ctx, keyLesson, "")
	}
	if strings.Contains(game, ":") || step < 0 {
		return fmt.Errorf("lesson %q step %d: not a lesson", game, step)
	}
	return d.setSetting(ctx, keyLesson, game+":"+strconv.Itoa(step))
}

// SetLanguage keeps the table's language lang (an i18n code).
func (d *DB) SetLanguage(ctx context.Context, lang string) error {
	if lang == "" || len(lang) > 16 {
		return fmt.Errorf("table language %q: not a language code", lang)
	}
	return d.setSetting(ctx, keyLanguage, lang)
}

// DefaultOptions returns the options the staff chose for game, nil when
// they never did (the game's own defaults apply).
func (d *DB) DefaultOptions(ctx context.Context, game string) (map[string]string, error) {
	v, ok, err := d.setting(ctx, keyOptions+game)
	if err != nil || !ok {
		return nil, err
	}
	var opts map[string]string
	if err := json.Unmarshal([]byte(v), &opts); err != nil {
		return nil, fmt.Errorf("default options of %s: %w", game, err)
	}
	return opts, nil
}

// SetDefaultOptions stores the options a new game of game starts with.
// Callers check them against the game's Info first.
func (d *DB) SetDefaultOptions(ctx context.Context, game string, opts map[string]string) error {
	data, err := json.Marshal(opts)
	if err != nil {
		return fmt.Errorf("default options of %s: %w", game, err)
	}
	return d.setSetting(ctx, keyOptions+game, string(data))
}
