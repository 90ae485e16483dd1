package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

// sourceFlag is a repeatable -source NAME=FILE flag: each names a document
// that quotes and citations may name. The texts are read when the flag is
// parsed; they are indexed only by the commands that search them, since
// `reckon mcp` hands the texts to the tools, which index them themselves.
type sourceFlag struct {
	names []string
	texts map[string]string
}

func (s *sourceFlag) String() string { return strings.Join(s.names, ", ") }

func (s *sourceFlag) Set(v string) error {
	name, file, ok := strings.Cut(v, "=")
	if !ok || name == "" || file == "" {
		return fmt.Errorf("want NAME=FILE, got %q", v)
	}
	if _, dup := s.texts[name]; dup {
		return fmt.Errorf("source %q given twice", name)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if len(data) > quote.MaxSourceBytes {
		return fmt.Errorf("source %q is %d bytes, over the limit of %d", name, len(data), quote.MaxSourceBytes)
	}
	if s.texts == nil {
		s.texts = map[string]string{}
	}
	s.texts[name] = string(data)
	s.names = append(s.names, name)
	sort.Strings(s.names)
	return nil
}

// registered indexes every source once and registers it for grounding
// calculations and re-finding their quotes; nil when no -source was given.
func (s *sourceFlag) registered() (*receipt.Sources, error) {
	if len(s.texts) == 0 {
		return nil, nil
	}
	return receipt.NewSources(s.texts)
}

// indexes indexes every source for quote search.
func (s *sourceFlag) indexes() (map[string]*quote.Index, error) {
	out := make(map[string]*quote.Index, len(s.texts))
	for name, text := range s.texts {
		ix, err := quote.NewIndex(text)
		if err != nil {
			return nil, fmt.Errorf("source %q: %v", name, err)
		}
		out[name] = ix
	}
	return out, nil
}
