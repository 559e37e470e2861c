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

// The page: one HTML file, one ES module, one stylesheet and tweetnacl,
// served as they are (no build step).
//
//go:embed assets
var assetFS embed.FS

// NaClSHA256 pins the vendored tweetnacl 1.0.3 (nacl.min.js as published
// on npm); a test checks the embedded file against it.
const NaClSHA256 = "973cc5733cc7432e30ee4682098f413094f494bccf76a567c23908c5035ddbbc"

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
	typ := mime.TypeByExtension(path.Ext(name))
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
