package server

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// loadTables is how many tables the load run plays at once; -load.tables
// changes it to see how latency grows with load.
var loadTables = 20

// loadPace is the pause between two moves at one table: 0 saturates the
// machine (every table moves the moment the last move arrived); a second
// or so is closer to people at a table.
var loadPace time.Duration

func init() {
	flag.IntVar(&loadTables, "load.tables", 20, "tables in BenchmarkLoad20Tables6Phones")
	flag.DurationVar(&loadPace, "load.pace", 0, "pause between moves at each table")
}

// loadTable is one table of the load run with its six phones.
type loadTable struct {
	tb     *table
	phones []*client.Client
	seen   []chan int64 // per phone: versions as they arrive
}

// BenchmarkLoad20Tables6Phones plays Canyon at 20 tables of 6 phones at
// once on this machine and reports, for each move, the time from the phone
// sending it to every phone of the table holding the new view (p50, p99),
// and the memory held per connection.
//
//	go test -run XXX -bench Load -benchtime 1x ./kiosk/server
func BenchmarkLoad20Tables6Phones(b *testing.B) {
	tables, phones, movesPerTable := loadTables, 6, 40
	for b.Loop() {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ts := make([]*loadTable, tables)
		for i := range ts {
			ts[i] = openLoadTable(b, phones)
		}
		var after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&after)
		perConn := float64(after.HeapInuse-before.HeapInuse) / float64(tables*phones)

		var mu sync.Mutex
		var lat []time.Duration
		var wg sync.WaitGroup
		for _, lt := range ts {
			wg.Add(1)
			go func(lt *loadTable) {
				defer wg.Done()
				d := lt.play(b, movesPerTable)
				mu.Lock()
				lat = append(lat, d...)
				mu.Unlock()
			}(lt)
		}
		wg.Wait()
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		if len(lat) == 0 {
			b.Fatal("no move measured")
		}
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
		b.ReportMetric(perConn/1024, "KiB/conn")
		b.ReportMetric(float64(len(lat)), "moves")
		for _, lt := range ts {
			for _, p := range lt.phones {
				p.Close()
			}
		}
	}
}

func openLoadTable(b *testing.B, phones int) *loadTable {
	seats := guests(phones)
	tb := newTable(b, "canyon", seats)
	lt := &loadTable{tb: tb}
	addr := strings.TrimSuffix(strings.TrimPrefix(tb.url, "wss://"), wire.Path)
	for i := 0; i < phones; i++ {
		c, err := client.Dial(context.Background(), addr, tb.fp)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := c.Join(context.Background(), tb.srv.Code(), fmt.Sprint("P", i)); err != nil {
			b.Fatal(err)
		}
		ch := make(chan int64, 1024)
		go func() {
			for u := range c.Updates() {
				ch <- u.Version
			}
		}()
		lt.phones = append(lt.phones, c)
		lt.seen = append(lt.seen, ch)
	}
	return lt
}

// play makes n moves, each by the phone whose turn it is, choosing from the
// host's view of that seat, and times each until all phones hold it.
func (lt *loadTable) play(b *testing.B, n int) []time.Duration {
	var out []time.Duration
	for i := 0; i < n; i++ {
		if loadPace > 0 {
			// Spread the tables' moves instead of moving in lockstep.
			time.Sleep(loadPace/2 + time.Duration(i*7919%1000)*loadPace/1000)
		}
		seat := lt.tb.sess.View(engine.Onlooker).Turn()
		if seat == engine.NoSeat {
			break
		}
		legal := lt.tb.sess.View(seat).Legal()
		data, _ := json.Marshal(legal[i%len(legal)])
		version := int64(lt.tb.sess.Moves() + 1)
		start := time.Now()
		if err := lt.phones[seat].Move(context.Background(), data); err != nil {
			b.Fatalf("move %d: %v", i, err)
		}
		for _, ch := range lt.seen {
			for v := range ch {
				if v >= version {
					break
				}
			}
		}
		out = append(out, time.Since(start))
	}
	return out
}
