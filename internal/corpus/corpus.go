package corpus

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Report is the outcome of one run over the whole corpus.
type Report struct {
	Facts    int            // the facts of facts.jsonl
	Excluded map[string]int // why facts were left out of the figures → how many
	Forms    []*FormRun     // the filings' figures, one run per form, in the order of Forms
	Cases    []CaseRun      // every TAT-QA case, in corpus order
}

// Run transcribes every fact and case of c, submits them to reckon and
// counts what came back. It stops early, with ctx's error, when ctx is done.
// Refusals are figures, not errors: Run fails only when the corpus cannot
// be registered at all.
func Run(ctx context.Context, c *Corpus) (*Report, error) {
	rep := &Report{Facts: len(c.Facts), Excluded: map[string]int{}}
	var facts []included
	for i := range c.Facts {
		f := &c.Facts[i]
		tr, why := f.Transcribe()
		if why != "" {
			rep.Excluded[why]++
			continue
		}
		facts = append(facts, included{fact: f, tr: tr})
	}
	for _, form := range Forms {
		fr, err := runFilings(ctx, c, form, facts)
		if err != nil {
			return nil, err
		}
		rep.Forms = append(rep.Forms, fr)
	}
	cases, err := runCases(ctx, c)
	if err != nil {
		return nil, err
	}
	rep.Cases = cases
	return rep, nil
}

// parallel calls do(i) for every i below n, on as many goroutines as Go
// runs at once; do writes only its own slot of a slice, so nothing is
// shared. It stops handing out work once ctx is done.
func parallel(ctx context.Context, n int, do func(i int)) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				do(i)
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}
