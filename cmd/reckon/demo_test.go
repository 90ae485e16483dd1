package main

import (
	"crypto/ed25519"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/examples/stories"
	"github.com/reckonhq/reckon/internal/golden"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/stretchr/testify/require"
)

// keyIDs matches the key ids in the demo's output, the only part that
// changes from run to run.
var keyIDs = regexp.MustCompile(`ed25519:[0-9a-f]{16}`)

func TestDemo(t *testing.T) {
	out := reckon(t, "", "demo")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Empty(t, out.stderr)
	for _, figure := range []string{"1.344×", "₹8,367,277,000", "41 tweets", "35.821%", "2.4 pp",
		"$1,798.65 a month", "Jane Doe authored 84 documents"} {
		require.Contains(t, out.stdout, figure)
	}
	require.Regexp(t, `mission alignment +MODERATE +25 +15 `, out.stdout, "the grant's mission alignment earns 15 of 25 points")
	ids := keyIDs.FindAllString(out.stdout, -1)
	require.GreaterOrEqual(t, len(ids), 1+len(seeds), "the key is named once, then once per verified receipt")
	for _, id := range ids {
		require.Equal(t, ids[0], id, "one ephemeral key signs every story")
	}

	golden.Equal(t, "testdata/demo.golden", keyIDs.ReplaceAllString(out.stdout, "ed25519:KEYID"))
}

// TestDemoTellsTheStories ties the demo to package stories: after its two
// lines on the key, the demo's output is each story's pinned output, in the
// order of stories.All, the key ids aside.
func TestDemoTellsTheStories(t *testing.T) {
	demo := readFile(t, "testdata/demo.golden")
	_, told, ok := strings.Cut(demo, "\n\n")
	require.True(t, ok, "the demo names its key, then tells the stories")
	var want strings.Builder
	for _, s := range stories.All {
		want.WriteString(readFile(t, "../../examples/stories/testdata/golden/"+s.Name+".txt"))
	}
	require.Equal(t, keyIDs.ReplaceAllString(want.String(), "ed25519:KEYID"), told)
}

func TestDemoKeyIsEphemeral(t *testing.T) {
	first, second := reckon(t, "", "demo").stdout, reckon(t, "", "demo").stdout
	require.NotEqual(t, keyIDs.FindString(first), keyIDs.FindString(second), "each run makes its own key")
}

func TestDemoJSON(t *testing.T) {
	out := reckon(t, "", "demo", "-json")
	require.Equal(t, exitOK, out.code, out.stderr)
	lines := splitLines(t, out.stdout)
	// the stories, told with a key of the test's own, accept these
	pub, priv, err := ed25519.GenerateKey(nil)
	require.NoError(t, err)
	trusted, err := dsse.NewKeyRing(pub)
	require.NoError(t, err)
	var want, got []string
	for _, s := range stories.All {
		answers, err := s.Run(io.Discard, testsign.Signer(priv), trusted)
		require.NoError(t, err, s.Name)
		for _, resp := range answers {
			want = append(want, resp.ID)
		}
	}
	for _, line := range lines {
		resp := decodeResponse(t, line)
		require.True(t, resp.OK, resp.ID)
		got = append(got, resp.ID)
	}
	require.Equal(t, want, got, "one response per calculation the stories accept, in their order")
}

// TestREADMEShowsTheDemo keeps the README's excerpts of the demo equal to
// the demo's output.
func TestREADMEShowsTheDemo(t *testing.T) {
	demo := readFile(t, "testdata/demo.golden")
	readme := golden.Docs(t, "../..")
	for _, story := range [][2]string{{"costco", "lakh"}, {"planner", "grant"}, {"grant", "copilot"}, {"copilot", ""}} {
		start := strings.Index(demo, "━━ "+story[0])
		end := len(demo)
		if story[1] != "" {
			end = strings.Index(demo, "━━ "+story[1])
		}
		require.True(t, start >= 0 && end > start, story[0])
		excerpt := strings.ReplaceAll(strings.TrimSpace(demo[start:end]), "ed25519:KEYID", "ed25519:…")
		require.True(t, strings.Contains(readme, "```\n"+excerpt+"\n```"), "the README shows the %s story as the demo tells it:\n%s", story[0], excerpt)
	}
}
