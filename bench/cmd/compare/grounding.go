package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

// groundN is how many grounded requests each round calculates.
const groundN = 10_000

// grounding calculates groundN requests whose every input names a
// 10 MB source registered once (quote.NewSources), beside the same
// requests without a source, and times the registration itself: what an
// application pays once per session, and what each request pays after.
func grounding(c *config) ([]row, error) {
	all, err := gen.LoadSeeds(c.seeds)
	if err != nil {
		return nil, err
	}
	// The seeds whose every input quotes a passage a lookup accepts (three
	// words or more): the others could not be grounded as they are written.
	var seeds []*receipt.Request
	for _, s := range all {
		if slices.ContainsFunc(s.Inputs, func(in receipt.Input) bool { return len(strings.Fields(in.Quote)) < 3 }) {
			continue
		}
		seeds = append(seeds, s)
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("no seed request in %s quotes every input", c.seeds)
	}
	var grounded, plain []*receipt.Request
	var quotes []string
	for _, line := range gen.Requests(seeds, groundN) {
		g, err := receipt.DecodeRequest(line)
		if err != nil {
			return nil, err
		}
		p, err := receipt.DecodeRequest(line)
		if err != nil {
			return nil, err
		}
		for i, in := range g.Inputs {
			if in.Quote != "" {
				g.Inputs[i].Source = "10-K"
				quotes = append(quotes, in.Quote)
			}
		}
		grounded, plain = append(grounded, g), append(plain, p)
	}
	text := filingWith(quotes, filingSize)
	docs := map[string]string{"10-K": text}
	var index, withSrc, without pair
	n := float64(groundN)
	for round := range c.rounds {
		logf("   round %d/%d", round+1, c.rounds)
		var src *quote.Sources
		if err := timeIt(&index, 1, func() (err error) {
			src, err = quote.NewSources(docs)
			return err
		}); err != nil {
			return nil, err
		}
		for _, g := range grounded {
			g.Sources = src
		}
		if err := timeIt(&withSrc, n, func() error { return calculateAll(grounded) }); err != nil {
			return nil, err
		}
		if err := timeIt(&without, n, func() error { return calculateAll(plain) }); err != nil {
			return nil, err
		}
	}
	mb := float64(len(text)) / 1e6
	r := compare("grounding", fmt.Sprintf("`receipt.Calculate`, %s requests, each quote found in a %.0f MB source registered once (%s quotes in all), per request",
		count(groundN), mb, count(len(quotes))), withSrc, without, dur)
	r.ref += " (the same requests, no source)"
	r.target = "reported"
	r.issue, r.today = 8, "not measured"
	ms := func(ns float64) string { return fmt.Sprintf("%.1f ms", ns/1e6) }
	once := row{area: "grounding", measure: fmt.Sprintf("registering that %.0f MB source (`quote.NewSources`: index and SHA-256), once", mb),
		reckon: ms(index.wall.median()), ref: dur(withSrc.wall.median()*n) + fmt.Sprintf(" (the %s grounded requests)", count(groundN)),
		ratio: index.wall.median() / (withSrc.wall.median() * n), cpuRatio: index.cpu.median() / (withSrc.cpu.median() * n),
		spread: maxSpread(index.wall, withSrc.wall), target: "reported"}
	r.note = fmt.Sprintf("%s a request (%s× without the source); the source registered once in %s", r.reckon, trim(r.ratio), once.reckon)
	return []row{r, once}, nil
}

// calculateAll calculates every request, failing at the first refusal.
func calculateAll(reqs []*receipt.Request) error {
	for _, req := range reqs {
		if _, err := receipt.Calculate(req); err != nil {
			return fmt.Errorf("request %s: %w", req.ID, err)
		}
	}
	return nil
}

// filingWith returns a filing-like text of about size bytes with each of
// quotes on a line of its own, spread evenly through it, as the lines a
// model quotes are spread through a 10-K. Each follows the scale
// declaration its table would print, "(in millions)", since grounding
// refuses a scale the source never states.
func filingWith(quotes []string, size int) string {
	extra := 0
	for _, q := range quotes {
		extra += len(q) + 1
	}
	lines := strings.SplitAfter(gen.Filing(max(size-extra, size/4)), "\n")
	var b strings.Builder
	b.Grow(size + 4096)
	step := max(1, len(lines)/(len(quotes)+1))
	qi := 0
	for i, l := range lines {
		b.WriteString(l)
		if (i+1)%step == 0 && qi < len(quotes) {
			b.WriteString("(in millions)\n" + quotes[qi] + "\n")
			qi++
		}
	}
	for ; qi < len(quotes); qi++ {
		b.WriteString("(in millions)\n" + quotes[qi] + "\n")
	}
	return b.String()
}
