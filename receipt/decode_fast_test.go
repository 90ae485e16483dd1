package receipt

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// requireFastAgrees holds decodeRequestFast to the strict decoder: whatever
// the fast path reads, the strict decoder accepts as the same request.
func requireFastAgrees(t *testing.T, data []byte) {
	t.Helper()
	fast, ok := decodeRequestFast(data)
	if !ok {
		return // the strict decoder answers for it
	}
	var strict Request
	require.NoError(t, strictjson.Decode(data, &strict), "the fast path accepted %q", data)
	require.Equal(t, &strict, fast, "%q", data)
}

// fastSeeds are the requests of testdata and variants that test each rule.
func fastSeeds(t testing.TB) [][]byte {
	files, err := filepath.Glob("testdata/requests/*.json")
	require.NoError(t, err)
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		out = append(out, data)
	}
	for _, s := range []string{
		`{}`, ` { } `, `{"id":"a"}`, `{"id":"a","id":"b"}`, `{"ID":"a"}`, `{"id":"a"} x`, `{"id":"a",}`,
		`{"id":null}`, `{"id":1}`, `{"id":"\u00e9\n\"\\/"}`, `{"id":"\ud83d\ude00"}`, `{"id":"\ud800"}`,
		`{"id":"a` + "\x01" + `"}`, `{"id":"\u0069d"}`, `{"\u0069d":"x"}`, "{\"id\":\"\xff\"}",
		`{"inputs":[]}`, `{"inputs":null}`, `{"inputs":[{}]}`, `{"inputs":[{"name":"a","Name":"b"}]}`,
		`{"inputs":[{"name":"a","source":"r"}],"same_period":true}`, `{"same_period":1}`,
		`{"output":{"places":2}}`, `{"output":{"places":null}}`, `{"output":{"places":02}}`,
		`{"output":{"places":2.0}}`, `{"output":{"places":-1}}`, `{"output":{"places":1e1}}`,
		`{"output":{"places":99999999999999999999}}`, `{"output":null}`, `{"output":{"Places":2}}`,
		`{"interpretation":null}`, `{"interpretation":{"kind":"interpreted","note":"n"}}`,
		`{"params":{}}`, `{"params":{"when":"end","When":"begin"}}`, `{"params":{"a":"1","a":"2"}}`,
		`{"params":{"ſ":"1","s":"2"}}`, `{"params":{"a":null}}`, `{"params":{"a":1}}`, `{"Today":"2020-01-01"}`,
		`{"operation":"pmt","params":{"when":"end"}}`, `null`, `[]`, `"x"`, "\ufeff{}", `{"id":"a"`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestDecodeRequestFastAgrees(t *testing.T) {
	for _, data := range fastSeeds(t) {
		requireFastAgrees(t, data)
	}
}

// TestDecodeRequestFastTakesSeeds: the seed requests, in any layout, take
// the fast path.
func TestDecodeRequestFastTakesSeeds(t *testing.T) {
	for _, data := range fastSeeds(t)[:5] {
		_, ok := decodeRequestFast(data)
		require.True(t, ok, "%s", data)
		compact := strings.Join(strings.Fields(string(data)), " ")
		_, ok = decodeRequestFast([]byte(compact))
		require.True(t, ok, "%s", compact)
	}
}

func TestDecodeRequestFastRefusesToTheStrictDecoder(t *testing.T) {
	for _, tc := range []struct{ name, in, reason string }{
		{"repeated", `{"id":"a","id":"b"}`, "a repeated key is refused by the strict decoder"},
		{"case", `{"ID":"a"}`, "a case variant is refused by the strict decoder"},
		{"trailing", `{"id":"a"} x`, "trailing data is refused"},
		{"null string", `{"id":null}`, "null leaves a string as it was; rare, so strict"},
		{"number", `{"id":1}`, "a number where a string belongs"},
		{"lone surrogate", `{"id":"\ud800"}`, "the strict decoder refuses a lone surrogate"},
		{"invalid utf8", "{\"id\":\"\xff\"}", "the strict decoder refuses invalid UTF-8"},
		{"escaped key", `{"\u0069d":"x"}`, "keys with escapes are left to the strict decoder"},
		{"params fold", `{"params":{"when":"end","When":"begin"}}`, "two params the strict decoder takes for one"},
		{"leading zero", `{"output":{"places":02}}`, "not JSON"},
		{"fraction", `{"output":{"places":2.0}}`, "not an int to encoding/json"},
		{"today", `{"Today":"2020-01-01"}`, "Today is never read from JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ok := decodeRequestFast([]byte(tc.in))
			require.False(t, ok, tc.reason)
		})
	}
}

// TestRequestFieldTables holds the member tables to the struct tags: a
// field added to a request type without a member falls back to the
// strict decoder on every request that uses it, which is correct but
// slow, so it fails here instead.
func TestRequestFieldTables(t *testing.T) {
	check := func(typ reflect.Type, keys []string) {
		var want []string
		for i := range typ.NumField() {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if name != "-" {
				want = append(want, name)
			}
		}
		require.ElementsMatch(t, want, keys, "%s", typ)
	}
	keysOf := func(n int, key func(int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = key(i)
		}
		return out
	}
	check(reflect.TypeFor[Request](), keysOf(len(requestMembers), func(i int) string { return requestMembers[i].key }))
	check(reflect.TypeFor[Input](), keysOf(len(inputMembers), func(i int) string { return inputMembers[i].key }))
	check(reflect.TypeFor[units.Output](), keysOf(len(outputMembers), func(i int) string { return outputMembers[i].key }))
	check(reflect.TypeFor[Interpretation](), keysOf(len(interpretationMembers), func(i int) string { return interpretationMembers[i].key }))
}

// FuzzDecodeRequestFast: whatever the fast path accepts, the strict
// decoder accepts as the same request.
func FuzzDecodeRequestFast(f *testing.F) {
	for _, data := range fastSeeds(f) {
		f.Add(data)
	}
	f.Fuzz(requireFastAgrees)
}

func BenchmarkDecodeRequest(b *testing.B) {
	data, err := os.ReadFile("testdata/requests/costco.json")
	require.NoError(b, err)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := DecodeRequest(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("strict", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var req Request
			if err := strictjson.Decode(data, &req); err != nil {
				b.Fatal(err)
			}
		}
	})
}
