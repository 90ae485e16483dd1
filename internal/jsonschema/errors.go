package jsonschema

import "strings"

// Violation is one rule that a document breaks, and where.
type Violation struct {
	Path string // a JSON pointer (RFC 6901) to the offending value; "" for the whole document
	Msg  string // what is wrong, lower-case
}

// String returns "path: msg", or msg alone when Path is the whole document.
func (v Violation) String() string {
	if v.Path == "" {
		return v.Msg
	}
	return v.Path + ": " + v.Msg
}

// Error lists the violations found, in document order with object members
// sorted by name. [Compile] and [Portable] return it with every violation,
// with paths into the schema; [Schema.Validate] with the first violation the
// validator meets, with a path into the document.
type Error struct {
	Violations []Violation
}

// Error prints one violation a line.
func (e *Error) Error() string {
	lines := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		lines[i] = v.String()
	}
	return strings.Join(lines, "\n")
}

// pointer appends one reference token to a JSON pointer, escaping "~" and
// "/" as RFC 6901 requires.
func pointer(path, token string) string {
	token = strings.ReplaceAll(token, "~", "~0")
	return path + "/" + strings.ReplaceAll(token, "/", "~1")
}

// errorOf returns the violations as an [*Error], or nil when there are none.
func errorOf(vs []Violation) error {
	if len(vs) == 0 {
		return nil
	}
	return &Error{Violations: vs}
}
