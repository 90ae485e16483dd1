package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/reckonhq/reckon/quote"
)

// sourceFlag is a repeatable -source NAME=FILE flag: each names a document
// and indexes its text for quote checks, once.
type sourceFlag struct {
	names   []string
	indexes map[string]*quote.Index
}

func (s *sourceFlag) String() string { return strings.Join(s.names, ", ") }

func (s *sourceFlag) Set(v string) error {
	name, file, ok := strings.Cut(v, "=")
	if !ok || name == "" || file == "" {
		return fmt.Errorf("want NAME=FILE, got %q", v)
	}
	if _, dup := s.indexes[name]; dup {
		return fmt.Errorf("source %q given twice", name)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	ix, err := quote.NewIndex(string(data))
	if err != nil {
		return fmt.Errorf("source %q: %v", name, err)
	}
	if s.indexes == nil {
		s.indexes = map[string]*quote.Index{}
	}
	s.indexes[name] = ix
	s.names = append(s.names, name)
	sort.Strings(s.names)
	return nil
}
