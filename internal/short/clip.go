// Package short shortens untrusted text before a message echoes it: the
// one home of the rule every package's messages follow.
package short

import "strings"

// To returns s when it is at most limit bytes, or its first limit bytes,
// without a UTF-8 sequence cut in two, and "…".
func To(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	return strings.ToValidUTF8(s[:limit], "") + "…"
}
