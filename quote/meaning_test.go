package quote

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// meaningCase is one line of testdata/meaning.txt.
type meaningCase struct{ id, src, quote, want string }

func meaningCases(t testing.TB) []meaningCase {
	f, err := os.Open("testdata/meaning.txt")
	require.NoError(t, err)
	defer f.Close()
	var out []meaningCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var c meaningCase
		var arrow string
		_, err := fmt.Sscanf(line, "%s %q %q %s %s", &c.id, &c.src, &c.quote, &arrow, &c.want)
		require.NoError(t, err, "testdata/meaning.txt: %s", line)
		require.Equal(t, "->", arrow, "testdata/meaning.txt: %s", line)
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

// TestMeaning runs testdata/meaning.txt: every fold keeps what the text
// means, and a quote cut from a negation is not a match.
func TestMeaning(t *testing.T) {
	for _, c := range meaningCases(t) {
		t.Run(c.id, func(t *testing.T) {
			m, err := MustIndex(c.src).Find(c.quote, Options{MinWords: -1, MinChars: -1})
			require.NoError(t, err)
			got := string(m.Reason)
			if m.Found {
				got = m.Tier.String()
			}
			require.Equal(t, c.want, got, "Find(%q) in %q: matched %q, nearest %+v", c.quote, c.src, m.Text, m.Nearest)
		})
	}
}

func TestNegationCutElided(t *testing.T) {
	cases := []struct {
		name, src, quote string
		want             Reason
		nearest          string
	}{
		{"gap holds not", "Do not approve the merger.", "Do ... approve the merger", NegationCut,
			"Do not approve the merger"},
		{"gap holds never", "We should never, under any terms, approve the merger.", "We should ... approve the merger", NegationCut,
			"We should never, under any terms, approve the merger"},
		{"first part after a negation", "They did not approve the merger in May.", "approve … in May", NegationCut,
			"not approve the merger in May"},
		{"gap holds fails to", "The applicant fails to meet the criteria.", "The applicant ... meet the criteria", NegationCut,
			"The applicant fails to meet the criteria"},
		{"gap holds without", "Approved, without the board, by the panel.", "Approved ... by the panel", NegationCut,
			"Approved, without the board, by the panel"},
		{"gap holds n't", "We don\u2019t, at present, approve the merger.", "We ... approve the merger", NegationCut,
			"We don\u2019t, at present, approve the merger"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := MustIndex(tc.src).Find(tc.quote, Options{MinWords: -1, MinChars: -1, Ellipsis: true})
			require.NoError(t, err)
			require.False(t, m.Found, "matched %q", m.Text)
			require.Equal(t, tc.want, m.Reason)
			require.NotNil(t, m.Nearest)
			require.Equal(t, tc.nearest, m.Nearest.Text)
			require.Equal(t, tc.src[m.Nearest.Start:m.Nearest.End], m.Nearest.Text)
		})
	}
	m, err := MustIndex("Do approve the merger.").Find("Do ... approve the merger", Options{MinWords: -1, Ellipsis: true})
	require.NoError(t, err)
	require.True(t, m.Found, "an ellipsis that stands for nothing cut")
	require.Equal(t, Elided, m.Tier)
}

func TestNegationCutNearest(t *testing.T) {
	src := "Summary\nThe panel does not recommend funding this applicant.\n"
	m, err := MustIndex(src).Find("recommend funding this applicant", Options{})
	require.NoError(t, err)
	require.False(t, m.Found)
	require.Equal(t, NegationCut, m.Reason)
	require.Equal(t, None, m.Tier)
	require.NotNil(t, m.Nearest)
	require.Equal(t, "not recommend funding this applicant", m.Nearest.Text)
	require.Equal(t, 2, m.Nearest.Line)
	require.Equal(t, `the source has "not" right before the quote, which reverses it`, m.Nearest.Differs)
	require.Less(t, m.Nearest.Similarity, "1.00")

	src = "The plant is non\u2013compliant with the safety standard."
	m, err = MustIndex(src).Find("compliant with the safety standard", Options{})
	require.NoError(t, err)
	require.Equal(t, NegationCut, m.Reason)
	require.Equal(t, "non\u2013compliant with the safety standard", m.Nearest.Text)
}

func TestNegationCutRaw(t *testing.T) {
	// A source with bidirectional controls is also searched byte for byte;
	// that search cuts negations too.
	src := "note \u202eabc\u202c: we do not \u202eapprove it\u202c today"
	m, err := MustIndex(src).Find("\u202eapprove it\u202c", Options{MinWords: -1, MinChars: -1})
	require.NoError(t, err)
	require.False(t, m.Found, "matched %q", m.Text)
	require.Equal(t, NegationCut, m.Reason)
	require.Equal(t, "not \u202eapprove it\u202c", m.Nearest.Text)
}

func TestTierPolicy(t *testing.T) {
	ix := MustIndex("NET INCOME WAS $5,007\nMILLION in 2023")
	q := "net income was $5,007 million"
	m, err := ix.Find(q, Options{})
	require.NoError(t, err)
	require.True(t, m.Found)
	require.Equal(t, Case, m.Tier, "the tier stays in the answer")

	m, err = ix.Find(q, Options{Tiers: []Tier{Exact, Whitespace}})
	require.NoError(t, err)
	require.False(t, m.Found)
	require.Equal(t, TierNotAccepted, m.Reason)
	require.Equal(t, None, m.Tier)
	require.Equal(t, Case, m.Nearest.Tier)
	require.Equal(t, "NET INCOME WAS $5,007\nMILLION", m.Nearest.Text)

	m, err = ix.Find(q, Options{Tiers: []Tier{Exact, Case}})
	require.NoError(t, err)
	require.True(t, m.Found)

	_, err = ix.Find(q, Options{Tiers: []Tier{None}})
	var qe *fault.Error
	require.ErrorAs(t, err, &qe)
	require.Equal(t, fault.InvalidOption, qe.Code)
}

func TestCheckTierPolicyJSON(t *testing.T) {
	srcs := mustSources(map[string]string{"memo": "THE BOARD APPROVED THE MERGER in May."})
	req, err := ParseRequest([]byte(`{"tiers": ["exact", "whitespace"], "quotes": [
		{"id": "q1", "source": "memo", "text": "the board approved the merger"}]}`))
	require.NoError(t, err)
	rep := check(req, srcs, Options{})
	require.False(t, rep.OK)
	require.Equal(t, TierNotAccepted, rep.Results[0].Reason)
	require.Equal(t, "memo", rep.Results[0].Nearest.Source)
	require.Equal(t, Case, rep.Results[0].Nearest.Tier)

	req.Tiers = []Tier{Case}
	rep = check(req, srcs, Options{})
	require.True(t, rep.OK)
	require.Equal(t, Case, rep.Results[0].Tier)

	rep = check(req, srcs, Options{Tiers: []Tier{Exact}})
	require.NotNil(t, rep.Error, "a request may narrow the checker's policy, never widen it")
	require.Equal(t, fault.BadRequest, rep.Error.Code)

	_, err = ParseRequest([]byte(`{"tiers": ["fuzzy"], "quotes": []}`))
	require.Error(t, err)
	req, err = ParseRequest([]byte(`{"tiers": [""], "quotes": [{"id": "q1", "source": "memo", "text": "the board approved the merger"}]}`))
	require.NoError(t, err)
	rep = check(req, srcs, Options{})
	require.Equal(t, fault.BadRequest, rep.Error.Code, "an empty tier name is no tier")
}

func TestCheckNegationCutJSON(t *testing.T) {
	srcs := mustSources(map[string]string{
		"review": "The panel does not recommend funding this applicant.",
		"other":  "We recommend funding this applicant.",
	})
	rep := check(Request{Quotes: []Quote{{ID: "q1", Source: "review", Text: "recommend funding this applicant"}}}, srcs, Options{})
	require.False(t, rep.OK)
	r := rep.Results[0]
	require.False(t, r.Found)
	require.Equal(t, NegationCut, r.Reason, "cut in its source, not excused by another source")
	require.Equal(t, "review", r.Nearest.Source)
	require.Equal(t, "not recommend funding this applicant", r.Nearest.Text)
}

// TestCaseFoldScripts recomputes, from the Unicode tables, the case-folding
// orbits whose members lie in different scripts, which caseFold keeps
// apart, and checks that no two runes of different scripts fold alike.
func TestCaseFoldScripts(t *testing.T) {
	script := func(r rune) string {
		for name, tab := range unicode.Scripts {
			if unicode.Is(tab, r) {
				return name
			}
		}
		return ""
	}
	crossing := map[rune]bool{}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.SimpleFold(r) == r {
			continue
		}
		for g := unicode.SimpleFold(r); g != r; g = unicode.SimpleFold(g) {
			if script(g) != script(r) {
				crossing[r] = true
			}
			if caseFold(g) == caseFold(r) {
				require.Equal(t, script(r), script(g), "%U and %U fold alike across scripts", r, g)
			}
		}
	}
	for r := range crossing {
		if script(r) != "Greek" {
			require.Equal(t, r, caseFold(r), "%U (%s) folds to itself", r, script(r))
		}
	}
	require.NotEqual(t, caseFold('\u039C'), caseFold('\u00B5'), "Greek capital mu is not the micro sign")
	require.Equal(t, caseFold('\u039C'), caseFold('\u03BC'))
	require.Equal(t, caseFold('\u212A'), caseFold('k'), "the Kelvin sign is a Latin letter; beside a number canon keeps it")
}

// TestShortWordLookup checks quotes the table of long-word starts cannot
// look up: they are found through the table of short-word starts, never by
// a scan of the text.
func TestShortWordLookup(t *testing.T) {
	src := "Minutes. (it is to be or not) as it was; \"international a b\" and so on to the end of it.\n" +
		"Then: it is up to us to do so, as we can.\n"
	ix := MustIndex(src)
	cases := []struct {
		name, quote, matched string
	}{
		{"only short words", "it is up to us to do so", "it is up to us to do so"},
		{"after a parenthesis", "it is to be or", "it is to be or"},
		{"long first word only", "international a b", "international a b"},
		{"starts with a quotation mark", `"international a b"`, `"international a b"`},
		{"short words across a line break", "end of it. then: it is up", "end of it.\nThen: it is up"},
		{"case", "AND SO ON TO THE END", "and so on to the end"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ix.Find(tc.quote, Options{})
			require.NoError(t, err)
			require.True(t, m.Found, "Find(%q): %s", tc.quote, m.Reason)
			require.Equal(t, tc.matched, m.Text)
			_, ok := ix.bestProbe([]byte(fold(tc.quote, Markup)))
			require.True(t, ok, "%q is looked up, not scanned", tc.quote)
		})
	}
	m, err := ix.Find("it is up to them to do so", Options{})
	require.NoError(t, err)
	require.False(t, m.Found)
	require.NotNil(t, m.Nearest, "a short-word quote gets a hint too")
	require.Equal(t, "it is up to us to do so,", m.Nearest.Text)
}

// TestWrongSourceShortWords checks that a short-word quote not in its
// source is found in another through that source's index.
func TestWrongSourceShortWords(t *testing.T) {
	srcs := mustSources(map[string]string{"a": "nothing of the kind here at all", "b": "so it is up to us to do so."})
	rep := check(Request{Quotes: []Quote{{ID: "q", Source: "a", Text: "it is up to us to do"}}}, srcs, Options{})
	require.Equal(t, WrongSource, rep.Results[0].Reason)
	require.Equal(t, "b", rep.Results[0].Nearest.Source)
	require.Equal(t, "it is up to us to do", rep.Results[0].Nearest.Text)
}

// TestShortWordsConcurrent looks short-word quotes up from several
// goroutines at once: the table built on first need is built once, and an
// Index stays safe for concurrent use (run with -race).
func TestShortWordsConcurrent(t *testing.T) {
	ix := MustIndex(strings.Repeat("so it is up to us to do so, as we can. ", 50))
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := ix.Find("it is up to us to do", Options{})
			require.NoError(t, err)
			require.True(t, m.Found)
			require.Positive(t, ix.Size())
		}()
	}
	wg.Wait()
}

// TestElidedUnits checks the parts of an elided quote as a whole quote is
// checked: unit runs keep their case, read where each part stands.
func TestElidedUnits(t *testing.T) {
	ix := MustIndex("In fiscal 2023 The company built a plant of 500 MW in total.")
	for _, c := range []struct {
		quote string
		found bool
	}{
		{"The company ... 500 MW in total", true},
		{"THE COMPANY ... 500 MW in total", false},
		{"The company ... 500 mW in total", false},
		{"the company built ... 500 MW in total", false},
	} {
		m, err := ix.Find(c.quote, Options{Ellipsis: true, MinWords: -1})
		require.NoError(t, err)
		require.Equal(t, c.found, m.Found, "%q: %s %q", c.quote, m.Reason, m.Text)
	}
}

// TestRepetitiveTextLongQuote looks up long quotes in text where every
// word start has the same key ("a a a …"): each candidate compared over the
// quote's length made one lookup cost the text's length times the quote's,
// seconds of work. The lookup now scans when the bucket would cost more
// than that, and checks the quote's last byte first, so that the bytes it
// compares, and the word pairs the search for the nearest candidate
// aligns, stay within a few passes over the text and the quote.
func TestRepetitiveTextLongQuote(t *testing.T) {
	ix := MustIndex(strings.Repeat("a ", 4<<20))
	opts := Options{MinWords: -1, MinChars: -1}
	_, err := ix.Find("a a a b", opts) // builds the short-word table
	require.NoError(t, err)
	quotes := []string{
		strings.Repeat("a ", 8000) + "b",
		"b " + strings.Repeat("a ", 8000),
		strings.Repeat("a ", 4000) + "b " + strings.Repeat("a ", 4000),
	}
	for _, quote := range quotes {
		q, reason := prepare(quote, opts)
		require.Empty(t, reason)
		m := ix.lookup(&q, opts)
		require.False(t, m.Found)
		require.Equal(t, NotFound, m.Reason)
		bound := 4 * (len(ix.norm) + len(quote))
		require.LessOrEqual(t, q.work, bound, "a quote of %d bytes in %d bytes of repeated text", len(quote), len(ix.norm))
	}
}
