package cost

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
)

// Limits of usage reading. A usage record is a few hundred bytes; the model
// bound keeps a tally's memory bounded whatever the input, since a hostile
// file could name a new model on every line.
const (
	maxRecordSize = 64 << 10 // bytes in one usage line
	maxModels     = 10000    // distinct provider and model pairs in one tally
	// maxReasonLines bounds the usage lines a reason lists: a file of
	// millions of records without usage is counted, not listed.
	maxReasonLines = 100
)

// Usage is one usage record, as a provider API reports it. A nil count was
// not reported.
type Usage struct {
	Provider         string `json:"provider"`
	Model            string `json:"model"`
	InputTokens      *int64 `json:"input_tokens"`
	OutputTokens     *int64 `json:"output_tokens"`
	CacheReadTokens  *int64 `json:"cache_read_tokens"`
	CacheWriteTokens *int64 `json:"cache_write_tokens"`
}

// Tally adds up usage per model. The zero value is an empty tally; it is
// not safe for concurrent use.
type Tally struct {
	models map[key]*used
	order  []key
	lines  int // records added
}

// used is a model's usage so far.
type used struct {
	records      int
	tokens       [numKinds]int64
	missing      int   // records without input or output counts
	missingLines []int // the first maxReasonLines of their lines
}

// Add adds one record. line is its position for reasons (1-based; 0 when
// unknown). It refuses a record without provider or model, a negative
// count, a sum past the largest count it holds, and a tally past
// 10,000 models.
func (t *Tally) Add(u Usage, line int) error {
	t.lines++
	if line == 0 {
		line = t.lines
	}
	// bad refuses the record at a field of it, on its line.
	bad := func(field, hint, format string, args ...any) *fault.Error {
		e := errorf(fault.BadUsage, field, hint, format, args...)
		e.Line = line
		return e
	}
	if strings.TrimSpace(u.Provider) == "" || strings.TrimSpace(u.Model) == "" {
		return bad("model", "give the provider and the model of every record", "a usage record needs a provider and a model")
	}
	k := key{u.Provider, u.Model}
	m := t.models[k]
	// Check the whole record before adding any of it: a refused record
	// leaves the tally as it was, so a caller that goes on after a
	// refusal never prices half a record.
	counts := [numKinds]*int64{u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens}
	for kind, n := range counts {
		if n == nil {
			continue
		}
		field := Kind(kind).String() + "_tokens"
		if *n < 0 {
			return bad(field, "token counts are zero or more", "%s is %d", field, *n)
		}
		if m != nil && m.tokens[kind] > math.MaxInt64-*n {
			return bad(field, "split the usage into several tallies",
				"the %s tokens of %s %s add up past %d", Kind(kind), u.Provider, u.Model, int64(math.MaxInt64))
		}
	}
	if m == nil {
		if len(t.order) >= maxModels {
			return bad("model", "split the usage into several tallies",
				"more than %d distinct models", maxModels)
		}
		if t.models == nil {
			t.models = map[key]*used{}
		}
		m = &used{}
		t.models[k], t.order = m, append(t.order, k)
	}
	m.records++
	if u.InputTokens == nil || u.OutputTokens == nil {
		m.missing++
		if len(m.missingLines) < maxReasonLines {
			m.missingLines = append(m.missingLines, line)
		}
	}
	for kind, n := range counts {
		if n != nil {
			m.tokens[kind] += *n
		}
	}
	return nil
}

// ReadUsage adds every record of r, usage records as JSON lines, to t.
// Blank lines are skipped. It stops at the first record it refuses, with
// a [*fault.Error] whose Line is the record's line and whose Field is the path
// in it, and when ctx is done. A nil r
// is refused: it is a reader missing, not an empty one.
func (t *Tally) ReadUsage(ctx context.Context, r io.Reader) error {
	if r == nil {
		return errorf(fault.BadUsage, "", "pass the usage records as a reader, such as os.Stdin or a file", "no reader of usage records")
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxRecordSize)
	for line := 1; sc.Scan(); line++ {
		if line%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var u Usage
		if err := strictjson.Decode(b, &u); err != nil {
			e := fromJSON(fault.BadUsage, err, `give one record a line: {"provider", "model", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens"} with counts as JSON integers`)
			e.Line = line
			return e
		}
		if err := t.Add(u, line); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return errorf(fault.BadUsage, "", "give one usage record a line, each under 64 KiB", "reading usage: %v", err)
	}
	return nil
}
