package db

import (
	"context"
	"database/sql"
)

// queryStrings is the one text column of query's rows, in order, read
// whole in tx: its rows are closed before the caller's next statement
// (the transaction holds the writer's one connection).
func queryStrings(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]string, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
