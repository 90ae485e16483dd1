package auditor

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

// TestWalkthrough builds reckon, runs walkthrough.sh in a temporary
// directory, and pins its output, with key ids and signatures masked since
// the keys are new each run. It also checks that the README shows the
// script exactly.
func TestWalkthrough(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "reckon"), "github.com/reckonhq/reckon/cmd/reckon")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	// the files the walk-through reads ship beside it, and are the
	// requests and the document the tests elsewhere use
	for file, from := range map[string]string{"lakh.json": "../../receipt/testdata/requests/lakh.json",
		"10-K.md": "../../receipt/testdata/sources/costco-10k.md"} {
		shipped, err := os.ReadFile(file)
		require.NoError(t, err)
		want, err := os.ReadFile(from)
		require.NoError(t, err)
		require.Equal(t, string(want), string(shipped), "%s is %s", file, from)
	}
	var shipped, want map[string]any
	b, err := os.ReadFile("costco.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &shipped))
	b, err = os.ReadFile("../../receipt/testdata/requests/costco.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &want))
	for _, in := range want["inputs"].([]any) {
		in.(map[string]any)["source"] = "10-K"
	}
	require.Equal(t, want, shipped, "costco.json is the costco request, its inputs naming 10-K")
	for _, file := range []string{"lakh.json", "costco.json", "10-K.md"} {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, file), b, 0o644))
	}
	script, err := filepath.Abs("walkthrough.sh")
	require.NoError(t, err)

	cmd := exec.Command("bash", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	got, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", got)
	masked := regexp.MustCompile(`ed25519:[0-9a-f]{16}`).ReplaceAllString(string(got), "ed25519:KEYID")
	golden.Equal(t, "testdata/walkthrough.txt", masked)

	readme, err := os.ReadFile("../../docs/auditors.md")
	require.NoError(t, err)
	body, err := os.ReadFile("walkthrough.sh")
	require.NoError(t, err)
	require.True(t, strings.Contains(string(readme), "```sh\n"+strings.TrimSpace(string(body))+"\n```"), "the README shows walkthrough.sh as it is")
}
