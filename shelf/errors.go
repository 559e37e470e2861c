package shelf

import "errors"

// The refusals a Library gives.
var (
	ErrNoCopy = errors.New("shelf: no such copy")
	ErrTaken  = errors.New("shelf: the copy is at another table")
)
