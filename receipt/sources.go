package receipt

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
)

// Sources are the documents an application registers for grounding, by
// name: each indexed once for quote lookup ([quote.Index]) with the SHA-256
// of its bytes. A Sources is immutable and safe for concurrent use; build
// it once and reuse it for every request of a conversation or a batch. The
// nil *Sources holds no documents.
type Sources struct {
	docs  map[string]*Source
	index map[string]*quote.Index // the same documents, as quote looks them up
	names []string                // sorted, for hints
	opts  quote.Options           // the limits and tiers of every lookup
}

// Source is one registered document.
type Source struct {
	Name   string             // the name inputs give in their source field
	Digest string             // "sha256:" and the lower-case hex SHA-256 of the document's original bytes
	Doc    *document.Document // the document, parsed once: its rendering, its tables and the meaning of each number
	Index  *quote.Index       // the rendering, indexed for quotes; Index.Source() is Doc.Text()
}

// NewSources parses and indexes each text of docs (name → text) once,
// for lookups with the default [quote.Options]. Each is read in the
// format its name's extension gives ([document.FormatOf]: ".htm" and
// ".html" are HTML, ".md" Markdown, any other plain text); to name the
// format, parse with [document.Parse] and register with [SourcesFrom].
// It fails for a text larger than [quote.MaxSourceBytes] or an empty
// name.
func NewSources(docs map[string]string) (*Sources, error) {
	ds := make([]*document.Document, 0, len(docs))
	for _, name := range slices.Sorted(maps.Keys(docs)) {
		d, err := document.Parse(name, docs[name], document.Sniff(name, docs[name]))
		if err != nil {
			return nil, fmt.Errorf("source %q: %w", name, err)
		}
		ds = append(ds, d)
	}
	return SourcesFrom(quote.Options{}, ds...)
}

// SourcesFrom registers documents already parsed, each under its
// [document.Document.Name], indexing each rendering once; quotes are
// looked up in them with opts. It fails for an empty or repeated name, a
// nil document or invalid options.
func SourcesFrom(opts quote.Options, docs ...*document.Document) (*Sources, error) {
	if _, err := quote.Lookup(quote.Quote{}, nil, opts); err != nil {
		return nil, err
	}
	s := &Sources{docs: make(map[string]*Source, len(docs)), index: make(map[string]*quote.Index, len(docs)), opts: opts}
	for _, d := range docs {
		if d == nil || d.Name == "" {
			return nil, &Error{Code: fault.BadRequest, Msg: "a source has no name or no document",
				Hint: "register each source under a non-empty name"}
		}
		if _, dup := s.docs[d.Name]; dup {
			return nil, &Error{Code: fault.BadRequest, Msg: fmt.Sprintf("source %q is registered twice", clip(d.Name)),
				Hint: "register each source once, under its own name"}
		}
		x, err := quote.NewIndex(d.Text())
		if err != nil {
			return nil, fmt.Errorf("source %q: %w", d.Name, err)
		}
		s.add(&Source{Name: d.Name, Digest: Digest(d.Source()), Doc: d, Index: x})
	}
	slices.Sort(s.names)
	return s, nil
}

// add registers one source.
func (s *Sources) add(d *Source) {
	s.docs[d.Name] = d
	s.index[d.Name] = d.Index
	s.names = append(s.names, d.Name)
}

// Digest returns "sha256:" and the lower-case hex SHA-256 of text's bytes,
// as a [Grounding] records a source.
func Digest(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Len returns the number of registered documents.
func (s *Sources) Len() int {
	if s == nil {
		return 0
	}
	return len(s.docs)
}

// Names returns the registered names, sorted.
func (s *Sources) Names() []string {
	if s == nil {
		return nil
	}
	return slices.Clone(s.names)
}

// Lookup returns the document registered as name.
func (s *Sources) Lookup(name string) (*Source, bool) {
	if s == nil {
		return nil, false
	}
	d, ok := s.docs[name]
	return d, ok
}
