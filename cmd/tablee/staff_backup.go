package main

import (
	"context"
	"fmt"
	"path/filepath"
)

func runBackup(ctx context.Context, e *env, args []string) error {
	d, pos, err := openWithArgs(ctx, newFlags(e, "backup"), args, "FILE")
	if err != nil {
		return err
	}
	defer d.Close()
	to, err := filepath.Abs(pos[0])
	if err != nil {
		return err
	}
	if err := d.Backup(ctx, to); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "backed up %s to %s\n", d.Path(), to)
	return nil
}
