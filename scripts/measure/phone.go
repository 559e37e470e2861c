//go:build ignore

// A phone that joins a table and then only watches, never playing: with
// it, scripts/measure-kiosk keeps a game on screen waiting for a move.
// Usage: go run phone.go ADDR FINGERPRINT CODE
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tablee/tablee/companion/client"
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
	if _, err := c.Join(dial, os.Args[3], "Mesure"); err != nil {
		log.Fatalf("phone: join: %v", err)
	}
	fmt.Println("joined")
	// Read the updates so the table never waits on this phone.
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.Done():
			log.Fatalf("phone: connection ended: %v", c.Err())
		case <-c.Updates():
		}
	}
}
