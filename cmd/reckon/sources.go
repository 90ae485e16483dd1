package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/quote"
)

// sourceFlag is a repeatable -source NAME=FILE flag: each names a document
// that quotes and citations may name. Each file is read and parsed once,
// when the flag is parsed, in the format FILE's extension gives or its text
// shows ([document.Sniff]: "10-K=filing.htm" is HTML, "notes=notes.md"
// Markdown), never the format NAME seems to give: NAME is only what the
// model calls it. The documents go to the tools ([tool.Options].Documents),
// which index each once for the run, so that grounding and the quote and
// citation checks read the same rendering, the one render prints, from the
// CLI as over MCP.
type sourceFlag struct {
	names []string
	docs  map[string]*document.Document
}

func (s *sourceFlag) String() string { return strings.Join(s.names, ", ") }

func (s *sourceFlag) Set(v string) error {
	name, file, ok := strings.Cut(v, "=")
	if !ok || name == "" || file == "" {
		return fmt.Errorf("want NAME=FILE, got %q", v)
	}
	if _, dup := s.docs[name]; dup {
		return fmt.Errorf("source %q given twice", name)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if len(data) > quote.MaxSourceBytes {
		return fmt.Errorf("source %q is %d bytes, over the limit of %d", name, len(data), quote.MaxSourceBytes)
	}
	text := string(data)
	doc, err := document.Parse(name, text, document.Sniff(file, text))
	if err != nil {
		return fmt.Errorf("source %q: %v", name, err)
	}
	if s.docs == nil {
		s.docs = map[string]*document.Document{}
	}
	s.docs[name] = doc
	s.names = append(s.names, name)
	sort.Strings(s.names)
	return nil
}

// documents returns the parsed documents, in the order of their names.
func (s *sourceFlag) documents() []*document.Document {
	out := make([]*document.Document, 0, len(s.names))
	for _, name := range s.names {
		out = append(out, s.docs[name])
	}
	return out
}
