package units

import (
	"slices"
	"strings"

	"github.com/reckonhq/reckon/fault"
)

// Periods returns the distinct period labels of the inputs, sorted, with
// runs of spaces collapsed and empty labels (constants, inputs with no
// period) left out. byInput maps each input name to its label. When same is
// set, all labels must be equal and none blank: otherwise the error has code
// period_mismatch and names two inputs whose labels differ or, failing that,
// an input with no period, since a blank period cannot show that an input
// is from the same period as the others. Labels compare exactly, so
// "FY2021" and "fiscal 2021" differ.
func Periods(byInput map[string]string, same bool) ([]string, error) {
	names := make([]string, 0, len(byInput))
	for name := range byInput {
		names = append(names, name)
	}
	slices.Sort(names)
	var labels []string
	first, blank := "", ""
	for _, name := range names {
		l := norm(byInput[name])
		if l == "" {
			if blank == "" {
				blank = name
			}
			continue
		}
		if first == "" {
			first = name
		}
		if f := norm(byInput[first]); same && l != f {
			return nil, errorf(fault.PeriodMismatch,
				"use inputs from one period, or drop the same-period requirement if mixing periods is intended",
				"%s is for %q but %s is for %q", first, f, name, l).In(name)
		}
		labels = append(labels, l)
	}
	if same && blank != "" {
		return nil, errorf(fault.PeriodMismatch,
			"give every input its period, as the source labels it (FY2021), or drop the same-period requirement",
			"%s has no period, so it cannot be shown to be from the same period as the other inputs", blank).In(blank)
	}
	slices.Sort(labels)
	return slices.Compact(labels), nil
}

// norm collapses runs of spaces in a period label.
func norm(s string) string {
	if !needsNorm(s) {
		return s // the common case, without allocating
	}
	return strings.Join(strings.Fields(s), " ")
}

// needsNorm reports whether s has white space other than single spaces
// between words.
func needsNorm(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && s[i+1] == ' ', c == '\t', c == '\n', c == '\r', c == '\v', c == '\f', c >= 0x80:
			return true // non-ASCII may be Unicode space: leave it to strings.Fields
		}
	}
	return false
}
