package corpus

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// Corpus is the whole of testdata, loaded once.
type Corpus struct {
	Filings  []Filing          // the six filings, in the order of facts.jsonl
	Facts    []Fact            // every fact of facts.jsonl, in file order
	Cases    []Case            // every case of cases.jsonl, in file order
	Contexts map[string]string // TAT-QA context id → the text of sources/<id>.txt
}

// Filing is one SEC filing in both of the forms an application may register.
type Filing struct {
	Name string // the file name without extension, as facts.jsonl names it: "aapl-10k-2024"
	Text string // the plain-text rendering, filings/<name>.txt
	HTML string // the filing as published, filings/<name>.htm.gz unzipped
}

// maxLine bounds one line of a JSONL file: the longest fact, a footnote
// row of a Netflix table, is under 3 kB; 1 MB leaves room for any row.
const maxLine = 1 << 20

// Load reads the corpus from fsys, laid out as testdata is: filings/
// (facts.jsonl, <name>.txt, <name>.htm.gz) and tatqa/ (cases.jsonl,
// sources/<context>.txt). Every file a fact or case names must be there.
func Load(fsys fs.FS) (*Corpus, error) {
	c := &Corpus{Contexts: map[string]string{}}
	if err := readJSONL(fsys, "filings/facts.jsonl", &c.Facts); err != nil {
		return nil, err
	}
	if err := c.loadFilings(fsys); err != nil {
		return nil, err
	}
	if err := readJSONL(fsys, "tatqa/cases.jsonl", &c.Cases); err != nil {
		return nil, err
	}
	for _, k := range c.Cases {
		if _, ok := c.Contexts[k.Context]; ok {
			continue
		}
		b, err := fs.ReadFile(fsys, path.Join("tatqa/sources", k.Context+".txt"))
		if err != nil {
			return nil, fmt.Errorf("load: case %s: %w", k.ID, err)
		}
		c.Contexts[k.Context] = string(b)
	}
	return c, nil
}

// loadFilings reads the text and the HTML of every filing a fact names, in
// the order the facts first name them.
func (c *Corpus) loadFilings(fsys fs.FS) error {
	seen := map[string]bool{}
	for _, f := range c.Facts {
		if seen[f.Filing] {
			continue
		}
		seen[f.Filing] = true
		text, err := fs.ReadFile(fsys, path.Join("filings", f.Filing+".txt"))
		if err != nil {
			return fmt.Errorf("load: %w", err)
		}
		html, err := readGzip(fsys, path.Join("filings", f.Filing+".htm.gz"))
		if err != nil {
			return fmt.Errorf("load: %w", err)
		}
		c.Filings = append(c.Filings, Filing{Name: f.Filing, Text: string(text), HTML: html})
	}
	return nil
}

// readGzip returns the unzipped contents of the gzip file name.
func readGzip(fsys fs.FS, name string) (string, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return string(b), zr.Close()
}

// readJSONL decodes each line of the file name into a new element of *out,
// strictly: an unknown field or trailing data on a line is an error, so a
// field renamed in the data is never silently read as empty.
func readJSONL[T any](fsys fs.FS, name string, out *[]T) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, maxLine)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var v T
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("load: %s:%d: %w", name, n, err)
		}
		if dec.More() {
			return fmt.Errorf("load: %s:%d: data after the object", name, n)
		}
		*out = append(*out, v)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("load: %s: %w", name, err)
	}
	return nil
}

// sortedKeys returns the keys of m, ordered by less.
func sortedKeys[V any](m map[string]V, less func(a, b string) bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return less(keys[i], keys[j]) })
	return keys
}

// firstCell returns the first cell of a table row, its label.
func firstCell(row string) string {
	label, _, _ := strings.Cut(row, " | ")
	return strings.TrimSpace(label)
}
