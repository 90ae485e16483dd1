package quote

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
)

// Sources are the documents an application registers, by name: each
// parsed once into a [document.Document], its rendering indexed once for
// quote lookup, with the SHA-256 of its bytes. One Sources serves every
// package that looks a quote up: [Check], scoring's citations, a
// calculation's grounding and its verification, the release gate and the
// tools. A Sources is immutable and safe for concurrent use; build it once
// and reuse it for every request of a conversation or a batch. The nil
// *Sources holds no documents.
type Sources struct {
	docs  map[string]*Source
	names []string // sorted: the order other sources are searched in, and hints
	opts  Options  // the limits and tiers a grounding lookup uses
}

// Source is one registered document.
type Source struct {
	Name   string             // the name inputs and quotes give in their source field
	Digest string             // "sha256:" and the lower-case hex SHA-256 of the document's original bytes
	Doc    *document.Document // the document, parsed once: its rendering, its tables and the meaning of each number
	Index  *Index             // the rendering, indexed for quotes; Index.Source() is Doc.Text()
}

// NewSources parses and indexes each text of docs (name → text) once,
// with the default [Options] for grounding lookups. Each is read in the
// format its name's extension gives or its text shows ([document.Sniff]:
// ".htm" and ".html" are HTML, ".md" Markdown, any other plain text); to
// name the format, parse with [document.Parse] and register with
// [SourcesFrom]. It fails for a text larger than [MaxSourceBytes] or an
// empty name.
func NewSources(docs map[string]string) (*Sources, error) {
	ds := make([]*document.Document, 0, len(docs))
	for _, name := range slices.Sorted(maps.Keys(docs)) {
		d, err := document.Parse(name, docs[name], document.Sniff(name, docs[name]))
		if err != nil {
			return nil, fmt.Errorf("source %q: %w", name, err)
		}
		ds = append(ds, d)
	}
	return SourcesFrom(Options{}, ds...)
}

// SourcesFrom registers documents already parsed, each under its
// [document.Document.Name], indexing each rendering once. A calculation's
// inputs are grounded in them with opts (its tiers, limits and ellipsis);
// [Check] takes options of its own. It fails for an empty or repeated
// name, a nil document or invalid options.
func SourcesFrom(opts Options, docs ...*document.Document) (*Sources, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	s := &Sources{docs: make(map[string]*Source, len(docs)), opts: opts}
	for _, d := range docs {
		if d == nil || d.Name == "" {
			return nil, &fault.Error{Code: fault.BadRequest, Msg: "a source has no name or no document",
				Hint: "register each source under a non-empty name"}
		}
		if _, dup := s.docs[d.Name]; dup {
			return nil, &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("source %q is registered twice", clipName(d.Name)),
				Hint: "register each source once, under its own name"}
		}
		x, err := NewIndex(d.Text())
		if err != nil {
			return nil, fmt.Errorf("source %q: %w", d.Name, err)
		}
		s.docs[d.Name] = &Source{Name: d.Name, Digest: Digest(d.Source()), Doc: d, Index: x}
		s.names = append(s.names, d.Name)
	}
	slices.Sort(s.names)
	return s, nil
}

// clipName shortens a source name for a message.
func clipName(s string) string { return short.To(s, 40) }

// Digest returns "sha256:" and the lower-case hex SHA-256 of text's bytes,
// as a source is recorded in a receipt's grounding.
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

// Options returns the options grounding lookups in s use, as registered
// with [SourcesFrom].
func (s *Sources) Options() Options {
	if s == nil {
		return Options{}
	}
	return s.opts
}

// index returns the index of the source registered as name.
func (s *Sources) index(name string) (*Index, bool) {
	if s == nil {
		return nil, false
	}
	d, ok := s.docs[name]
	if !ok {
		return nil, false
	}
	return d.Index, true
}
