package gen

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/reckonhq/reckon/receipt"
)

// Seed is the fixed PRNG seed of every generator.
const Seed = 0x7265636b6f6e // "reckon"

// LoadSeeds reads the seed requests (*.json) in dir, sorted by file name.
func LoadSeeds(dir string) ([]*receipt.Request, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no seed requests in %s", dir)
	}
	sort.Strings(names)
	var seeds []*receipt.Request
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		req, err := receipt.DecodeRequest(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(name), err)
		}
		seeds = append(seeds, req)
	}
	return seeds, nil
}

// Requests writes n requests as JSON lines: the seeds in turn, each with
// an id numbered from 1 and every printed value varied between half and one
// and a half times the seed's, in the seed's own notation (grouping, decimal
// places, percent sign). Each quote is rewritten to hold the new value, so
// every request calculates.
func Requests(seeds []*receipt.Request, n int) [][]byte {
	rng := rand.New(rand.NewPCG(Seed, 1))
	lines := make([][]byte, 0, n)
	for i := range n {
		req := vary(seeds[i%len(seeds)], i+1, rng)
		line, err := json.Marshal(req)
		if err != nil {
			panic(err) // a Request always encodes
		}
		lines = append(lines, line)
	}
	return lines
}

// vary returns a copy of seed with a new id and new printed values.
func vary(seed *receipt.Request, i int, rng *rand.Rand) *receipt.Request {
	req := *seed
	req.ID = fmt.Sprintf("%s-%07d", seed.ID, i)
	req.Inputs = make([]receipt.Input, len(seed.Inputs))
	for k, in := range seed.Inputs {
		display := revalue(in.Display, rng)
		if in.Quote != "" {
			in.Quote = strings.Replace(in.Quote, in.Display, display, 1)
		}
		in.Display = display
		req.Inputs[k] = in
	}
	return &req
}

// revalue prints a new value in the notation of display: "6,692" gives
// another western-grouped integer, "1,09,638.91" an Indian-grouped amount
// with two places, "4.3%" a percentage with one place. The new value is
// at least one unit in the last place, so no divisor becomes zero.
func revalue(display string, rng *rand.Rand) string {
	s, pct := strings.CutSuffix(display, "%")
	indian := isIndian(s)
	grouped := strings.Contains(s, ",")
	digits := strings.ReplaceAll(s, ",", "")
	intPart, frac, _ := strings.Cut(digits, ".")
	places := len(frac)
	var units int64 // the value in units of the last place
	for _, c := range intPart + frac {
		units = units*10 + int64(c-'0')
	}
	units = max(1, units/2+rng.Int64N(units+1))
	out := fmt.Sprintf("%0*d", places+1, units)
	ip, fp := out[:len(out)-places], out[len(out)-places:]
	switch {
	case indian:
		ip = groupIndian(ip)
	case grouped:
		ip = groupWestern(ip)
	}
	if places > 0 {
		ip += "." + fp
	}
	if pct {
		ip += "%"
	}
	return ip
}

// isIndian reports whether the integer part of s is grouped in twos after
// its last three digits, as 1,09,638 is.
func isIndian(s string) bool {
	ip, _, _ := strings.Cut(s, ".")
	groups := strings.Split(ip, ",")
	return len(groups) > 2 && len(groups[1]) == 2
}

func groupWestern(ip string) string {
	var b strings.Builder
	for i, c := range ip {
		if i > 0 && (len(ip)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func groupIndian(ip string) string {
	if len(ip) <= 3 {
		return ip
	}
	head, tail := ip[:len(ip)-3], ip[len(ip)-3:]
	var b strings.Builder
	for i, c := range head {
		if i > 0 && (len(head)-i)%2 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String() + "," + tail
}
