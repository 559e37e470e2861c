module github.com/tablee/tablee

go 1.26
