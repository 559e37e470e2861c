//go:build ignore

// A phone that joins a table and then only watches: with it,
// scripts/measure-kiosk keeps a game on screen waiting for a move. On
// SIGUSR1 it plays its first legal move, if it is its turn, and prints
// "played" (the script's wake observation: how soon the table's screen
// shows a phone's move while the kiosk naps).
// Usage: go run phone.go ADDR FINGERPRINT CODE
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
)

func main() {
	if len(os.Args) != 4 {
		log.Fatal("usage: phone ADDR FINGERPRINT CODE")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dial, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, err := client.Dial(dial, os.Args[1], os.Args[2])
	if err != nil {
		log.Fatalf("phone: %v", err)
	}
	w, err := c.Join(dial, os.Args[3], "Mesure")
	if err != nil {
		log.Fatalf("phone: join: %v", err)
	}
	fmt.Println("joined")
	play := make(chan os.Signal, 1)
	signal.Notify(play, syscall.SIGUSR1)
	var last client.Update
	// Read the updates so the table never waits on this phone.
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.Done():
			log.Fatalf("phone: connection ended: %v", c.Err())
		case last = <-c.Updates():
		case <-play:
			if err := playFirst(ctx, c, w.Seat, last); err != nil {
				log.Printf("phone: %v", err)
				continue
			}
			fmt.Println("played")
		}
	}
}

// playFirst plays the first legal move of u's view, when seat is to play.
func playFirst(ctx context.Context, c *client.Client, seat engine.Seat, u client.Update) error {
	rules, err := catalog.Registry().Get(u.Game)
	if err != nil {
		return err
	}
	v, err := u.Decode(rules)
	if err != nil {
		return err
	}
	legal := v.Legal()
	if len(legal) == 0 {
		return fmt.Errorf("seat %v: not my turn (seat %v to play)", seat, v.Turn())
	}
	data, err := json.Marshal(legal[0])
	if err != nil {
		return err
	}
	return c.Move(ctx, data)
}
