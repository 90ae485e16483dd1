package document

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDeclarations runs testdata/declarations.txt: what one scope's text
// declares.
func TestDeclarations(t *testing.T) {
	f, err := os.Open("testdata/declarations.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, rest, _ := strings.Cut(line, " ")
		arrow := strings.LastIndex(rest, " -> ")
		require.Positive(t, arrow, "%s: no ->", id)
		text, err := strconv.Unquote(strings.TrimSpace(rest[:arrow]))
		require.NoError(t, err, "%s: the text is a Go string", id)
		want := strings.TrimSpace(rest[arrow+4:])
		t.Run(id, func(t *testing.T) {
			require.Equal(t, want, describeDecls(readDecls(text, 0, InCaption)), "readDecls(%q)", text)
		})
		n++
	}
	require.NoError(t, sc.Err())
	require.Greater(t, n, 30)
}

// describeDecls prints declarations as testdata/declarations.txt does.
func describeDecls(ds []Decl) string {
	var out []string
	for _, d := range ds {
		if !d.HasScale {
			var parts []string
			if d.Currency != "" {
				parts = append(parts, "cur="+d.Currency)
			}
			if d.Percent {
				parts = append(parts, "pct")
			}
			out = append(out, strings.Join(parts, " "))
			continue
		}
		s := d.Scale.Word()
		if d.Of != "" {
			s += "/" + d.Of
		}
		if d.Currency != "" {
			s += "+" + d.Currency
		}
		if len(d.Except) > 0 {
			var es []string
			for _, e := range d.Except {
				w := e.What.String()
				if e.What == QuantityOther {
					w = e.Noun
				}
				if e.HasScale {
					w += ":" + e.Scale.Word()
				}
				es = append(es, w)
			}
			s += " except(" + strings.Join(es, ",") + ")"
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, "; ")
}
