module github.com/tablee/tablee

go 1.26

require (
	fyne.io/fyne/v2 v2.8.1 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/intinig/go-openskill v0.0.0-20250324193118-8ce0c35c4815 // indirect
	github.com/mattn/go-sqlite3 v1.14.53 // indirect
)
