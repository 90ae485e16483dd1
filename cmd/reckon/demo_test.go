package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/reckonhq/reckon/internal/story"
	"github.com/stretchr/testify/require"
)

// keyIDs matches the key ids in the demo's output, the only part that
// changes from run to run.
var keyIDs = regexp.MustCompile(`ed25519:[0-9a-f]{16}`)

func TestDemo(t *testing.T) {
	out := reckon(t, "", "demo")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Empty(t, out.stderr)
	for _, figure := range []string{"1.344×", "₹8,367,277,000", "41 tweets", "35.821%", "2.4 pp"} {
		require.Contains(t, out.stdout, figure)
	}
	ids := keyIDs.FindAllString(out.stdout, -1)
	require.GreaterOrEqual(t, len(ids), 1+len(seeds), "the key is named once, then once per verified receipt")
	for _, id := range ids {
		require.Equal(t, ids[0], id, "one ephemeral key signs every story")
	}

	golden.Equal(t, "testdata/demo.golden", keyIDs.ReplaceAllString(out.stdout, "ed25519:KEYID"))
}

func TestDemoKeyIsEphemeral(t *testing.T) {
	first, second := reckon(t, "", "demo").stdout, reckon(t, "", "demo").stdout
	require.NotEqual(t, keyIDs.FindString(first), keyIDs.FindString(second), "each run makes its own key")
}

func TestDemoJSON(t *testing.T) {
	out := reckon(t, "", "demo", "-json")
	require.Equal(t, exitOK, out.code, out.stderr)
	lines := splitLines(t, out.stdout)
	accepted := 0
	for _, s := range story.All() {
		if s.Answer != nil {
			accepted += 1 + len(s.Also)
		}
	}
	require.Len(t, lines, accepted, "one response per accepted calculation")
	for _, line := range lines {
		require.True(t, decodeResponse(t, line).OK)
	}
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
