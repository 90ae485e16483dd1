package document

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMeaning runs testdata/meaning/*.txt: documents, each followed by
// cases that name a quote found in its rendering and a number printed in
// it, and the meaning the document gives that number. The file's name is
// the format its documents are read in. A case reads
//
//	id "quote" number -> scale quantity by=scope [cur=X] [pct] [period=…] [ambiguous]
//
// where scale is a scale word or "ones", by names the scope of the
// declaration that governs the number (none when nothing does), and
// ambiguous marks two declarations at one scope or a column not known.
func TestMeaning(t *testing.T) {
	files, err := filepath.Glob("testdata/meaning/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		format, err := ParseFormat(strings.TrimSuffix(filepath.Base(file), ".txt"))
		require.NoError(t, err)
		runMeaningFile(t, file, format)
	}
}

func runMeaningFile(t *testing.T, file string, format Format) {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	docs := map[string]*Document{}
	var name string
	var body strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	cases := 0
	for sc.Scan() {
		line := sc.Text()
		switch {
		case name != "":
			if line == "--- end" {
				docs[name] = MustParse(name, body.String(), format)
				name = ""
				body.Reset()
				continue
			}
			body.WriteString(line + "\n")
		case strings.HasPrefix(line, "--- doc "):
			name = strings.TrimPrefix(line, "--- doc ")
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
		default:
			id, rest, _ := strings.Cut(line, " ")
			arrow := strings.LastIndex(rest, " -> ")
			require.Positive(t, arrow, "%s %s: no ->", file, id)
			docName, rest, _ := strings.Cut(rest[:arrow], " ")
			want := strings.TrimSpace(line[strings.LastIndex(line, " -> ")+4:])
			q, num := splitQuoted(t, rest)
			d := docs[docName]
			require.NotNil(t, d, "%s %s: no document %q above it", file, id, docName)
			t.Run(filepath.Base(file)+"/"+id, func(t *testing.T) {
				require.Equal(t, want, meaningOf(t, d, q, num), "%s: %q in %q", id, num, q)
			})
			cases++
		}
	}
	require.NoError(t, sc.Err())
	require.Positive(t, cases, file)
}

// splitQuoted splits `"quote" number` into the quote and the number.
func splitQuoted(t *testing.T, s string) (string, string) {
	s = strings.TrimSpace(s)
	q, err := strconv.QuotedPrefix(s)
	require.NoError(t, err, "%s: the quote is a Go string", s)
	quote, _ := strconv.Unquote(q)
	return quote, strings.TrimSpace(s[len(q):])
}

// meaningOf describes the meaning of number num in quote q of d, as the
// data files write it.
func meaningOf(t *testing.T, d *Document, q, num string) string {
	at := strings.Index(d.Text(), q)
	require.GreaterOrEqual(t, at, 0, "the quote %q is in the rendering:\n%s", q, d.Text())
	for _, p := range d.Places(at, at+len(q)) {
		k := strings.Index(p.Text, num)
		if k < 0 || k > 0 && isDigit(p.Text[k-1]) || k+len(num) < len(p.Text) && isDigit(p.Text[k+len(num)]) {
			continue
		}
		m := d.Meaning(p, k, k+len(num))
		return describeMeaning(d, m)
	}
	t.Fatalf("no place of %q prints %s", q, num)
	return ""
}

func describeMeaning(d *Document, m Meaning) string {
	sc := m.Scale.Word()
	if sc == "" {
		sc = "ones"
	}
	by := "none"
	if m.By != nil {
		by = m.By.Scope.String()
	}
	s := fmt.Sprintf("%s %s by=%s", sc, m.Quantity, by)
	if m.Currency != "" {
		s += " cur=" + strings.ReplaceAll(m.Currency, " ", "_")
	}
	if m.Percent {
		s += " pct"
	}
	switch {
	case len(m.Periods) > 0:
		s += " periods=" + strings.ReplaceAll(strings.Join(m.Periods, "|"), " ", "_")
	case len(m.Years) > 0:
		s += " period=" + strings.ReplaceAll(m.Period, " ", "_")
	}
	if m.Displaced {
		s += " displaced"
	}
	if m.Name != "" {
		s += " name"
	}
	if m.Tie != "" {
		s += " tie"
	}
	if m.Rival != nil || m.Unaligned != nil {
		s += " ambiguous"
	}
	return s
}
