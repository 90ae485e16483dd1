package claim

import (
	"slices"
	"strings"

	"github.com/reckonhq/reckon/fault"
)

// Class is a set of kinds of number that are not claims: a year, a date, a
// list number. [Extract] marks each [Mention] with every class it belongs
// to, and ignores it when one of them is in [Options.Ignore]. Classes are
// bits; combine them with |.
type Class uint16

// The classes. Each is described, with examples, in the package
// documentation.
const (
	Year       Class = 1 << iota // a four-digit year 1900–2100 standing alone: "in 2021"
	Date                         // part of a date or a time: "March 4", "2021-03-04", "4/3", "10:30"
	Ordinal                      // an ordinal: "1st", "3rd", "21st"
	ListNumber                   // list numbering at the start of a line: "1.", "2)", "(3)"
	Quoted                       // inside quotation marks or a "> " block quote: the source's own words
	InQuestion                   // equal, in value and unit, to a number of [Options.Question]
	Citation                     // a reference mark: "[1]", "[^2]"

	// IgnoreNone, as [Options.Ignore], ignores no class; it is not a class.
	// It exists because the zero Ignore means [DefaultIgnore].
	IgnoreNone Class = 1 << 15
)

// DefaultIgnore is the set of classes ignored when [Options.Ignore] is zero:
// all of them but Quoted. The gate reads untrusted prose, and a model could
// put any number of its own in quotation marks; an application that checks
// quoted passages against their sources (package quote) may add Quoted.
const DefaultIgnore = Year | Date | Ordinal | ListNumber | InQuestion | Citation

// classNames are the names of the classes in the JSON contract, in bit order.
var classNames = [...]string{"year", "date", "ordinal", "list_number", "quoted", "question", "citation"}

// String returns the names of the classes in c joined by "|", "none" for the
// empty set, or "ignore_none" for [IgnoreNone].
func (c Class) String() string {
	if c == IgnoreNone {
		return "ignore_none"
	}
	names := c.Names()
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "|")
}

// Names returns the names of the classes in c, in bit order, as the JSON
// contract spells them.
func (c Class) Names() []string {
	names := []string{}
	for i, n := range classNames {
		if c&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return names
}

// ParseClasses reads class names as the JSON contract spells them ("year",
// "date", "ordinal", "list_number", "quoted", "question", "citation") and
// returns their set. An empty list is [IgnoreNone], so that a request can say
// "ignore nothing"; an unknown name is a [*fault.Error] with code bad_ignore.
func ParseClasses(names []string) (Class, error) {
	var c Class
	for _, n := range names {
		i := slices.Index(classNames[:], strings.TrimSpace(strings.ToLower(n)))
		if i < 0 {
			return 0, errorf(fault.BadIgnore, "use year, date, ordinal, list_number, quoted, question or citation",
				"unknown class %q", n)
		}
		c |= 1 << i
	}
	if c == 0 {
		return IgnoreNone, nil
	}
	return c, nil
}

// effective resolves the zero Ignore to [DefaultIgnore] and [IgnoreNone] to
// the empty set.
func (c Class) effective() Class {
	switch {
	case c == 0:
		return DefaultIgnore
	case c&IgnoreNone != 0:
		return 0
	}
	return c
}
