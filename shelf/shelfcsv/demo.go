package shelfcsv

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/tablee/tablee/shelf"
)

// demoCSV is the demo shelf in the staff spreadsheet's format: the four
// games the table plays and some fifty well-known titles with their box
// facts (player counts, best counts, durations, ages, kind, year,
// BoardGameGeek ids), so that a fresh kiosk's shelf is not empty.
//
//go:embed demo.csv
var demoCSV []byte

// Demo is the demo shelf.
func Demo() ([]shelf.Title, error) {
	res, err := ReadStaff(bytes.NewReader(demoCSV))
	if err != nil {
		return nil, fmt.Errorf("the demo shelf: %w", err)
	}
	return res.Titles, nil
}
