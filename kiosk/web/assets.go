package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"path"
)

// The page: one HTML file, its native ES modules (app.js the shell, one
// module per concept), one stylesheet and tweetnacl, served as they are
// (no bundler, no build step).
//
//go:embed assets
var assetFS embed.FS

// NaClSHA256 pins the vendored tweetnacl 1.0.3 (nacl-fast.min.js as
// published on npm); a test checks the embedded file against it. The
// package's fast build, not its reference one (nacl.min.js): same API,
// same audit, but X25519 about five times and the box's XSalsa20-Poly1305
// about a hundred times faster, which a slow phone feels in the
// handshake and in every view it opens.
const NaClSHA256 = "3ec535c004aeeb225785d8e93fb33bf99f52e399bd7dfc01969b5629baea5131"

// pageTypes are the page's own files' types, named here rather than
// taken from the system's MIME table (mime.TypeByExtension reads
// /etc/mime.types, which may say otherwise): a browser runs a module
// script only if it is served as JavaScript, and the page sends nosniff.
var pageTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
}

// asset is one file ready to serve, plain and gzipped.
type asset struct {
	typ       string
	plain, gz []byte
	etag      string
}

// newAsset prepares data for serving as name.
func newAsset(name string, data []byte) (asset, error) {
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return asset{}, err
	}
	if _, err := zw.Write(data); err != nil {
		return asset{}, err
	}
	if err := zw.Close(); err != nil {
		return asset{}, err
	}
	typ, ok := pageTypes[path.Ext(name)]
	if !ok {
		typ = mime.TypeByExtension(path.Ext(name))
	}
	if typ == "" {
		typ = "application/octet-stream"
	}
	sum := sha256.Sum256(data)
	return asset{typ: typ, plain: data, gz: b.Bytes(), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}, nil
}

// loadAssets reads the embedded page, keyed by URL path.
func loadAssets() (map[string]asset, error) {
	out := map[string]asset{}
	err := fs.WalkDir(assetFS, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := assetFS.ReadFile(p)
		if err != nil {
			return err
		}
		a, err := newAsset(p, data)
		if err != nil {
			return fmt.Errorf("web: %s: %w", p, err)
		}
		out["/"+path.Base(p)] = a
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: assets: %w", err)
	}
	out["/"] = out["/index.html"]
	return out, nil
}
