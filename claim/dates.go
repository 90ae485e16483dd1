package claim

import (
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
)

// hintDate says what to do about a date that is not backed.
const hintDate = "write the dates the date_range or days_between receipt computed, as it records them, or compute them with one; never a date of your own"

// dateBacking is a date or an inclusive range of dates a verified receipt
// records: a date_range result, or the start and end (and today) of a
// date operation's steps.
type dateBacking struct {
	src   Source
	start dates.Date
	end   dates.Date // equal to start for a single date
}

// dateBackings returns the dates r, the receipt at position i, records:
// its result when it is an interval, each step whose unit is date, and the
// range from its start step to its end step.
func dateBackings(i int, r *receipt.Receipt) []dateBacking {
	var out []dateBacking
	src := Source{Kind: SourceReceipt, Index: i, ID: r.ID}
	if r.Result.Unit == "interval" {
		if rg, err := dates.ParseRange(r.Result.Value); err == nil {
			b := dateBacking{src: src, start: rg.Start, end: rg.End}
			b.src.Field, b.src.Value, b.src.Unit = "result", rg.String(), "interval"
			out = append(out, b)
		}
	}
	if r.Call == nil {
		return out
	}
	named := map[string]dates.Date{}
	for k, st := range r.Call.Steps {
		if st.Unit != "date" {
			continue
		}
		d, err := dates.ParseISO(st.Value)
		if err != nil {
			continue
		}
		named[st.Name] = d
		b := dateBacking{src: src, start: d, end: d}
		b.src.Field, b.src.Label, b.src.Value, b.src.Unit = fmt.Sprintf("call.steps[%d]", k), st.Name, d.String(), "date"
		out = append(out, b)
	}
	if s, ok := named["start"]; ok {
		if e, ok := named["end"]; ok && !e.Before(s) {
			b := dateBacking{src: src, start: s, end: e}
			b.src.Field, b.src.Label, b.src.Value, b.src.Unit = "call.steps", "start/end", s.String()+"/"+e.String(), "interval"
			out = append(out, b)
		}
	}
	return out
}

// dateFact reads the i-th fact when its unit is "date" (a value
// YYYY-MM-DD, such as the application's today) or "interval" (START/END,
// such as a filter's range): ok reports whether it is one, and a bad value
// is a [*fault.Error] with code bad_fact. Such a fact backs dates as a date
// receipt does, and no number.
func dateFact(i int, f Fact) (b dateBacking, ok bool, err error) {
	unit := strings.ToLower(strings.TrimSpace(f.Unit))
	if unit != "date" && unit != "interval" {
		return b, false, nil
	}
	b.src = Source{Kind: SourceFact, Index: i, Label: f.Label, Value: f.Value, Unit: unit}
	if !f.hasValue() || strings.TrimSpace(f.Scale) != "" {
		return b, true, errorf(fault.BadFact, "give a date fact an exact value and no scale",
			"facts[%d]: a %s fact needs an exact value and no scale", i, unit)
	}
	if unit == "date" {
		d, err := dates.ParseISO(f.Value)
		if err != nil {
			return b, true, errorf(fault.BadFact, "give a date as YYYY-MM-DD", "facts[%d]: value: %s", i, err.Error())
		}
		b.start, b.end = d, d
		return b, true, nil
	}
	rg, err := dates.ParseRange(f.Value)
	if err != nil {
		return b, true, errorf(fault.BadFact, "give an interval as YYYY-MM-DD/YYYY-MM-DD", "facts[%d]: value: %s", i, err.Error())
	}
	b.start, b.end = rg.Start, rg.End
	return b, true, nil
}

// checkDates judges the dates text prints against the dates verified
// receipts and date facts record. With neither, dates stay what they were before
// reckon had dates, labels the classes year and date cover, and nothing is
// refused: only a text that comes with a computed or authoritative date is
// held to it. With
// one, every date and range [dates.Find] reads must equal a recorded date
// or range, and a date-shaped text the reader refuses (an ambiguous
// 03/04/2026, a 31 February) is refused with the reader's code.
func checkDates(text string, bs []dateBacking) []Refusal {
	if len(bs) == 0 {
		return nil
	}
	var out []Refusal
	for _, m := range dates.Find(text, dates.Options{}) {
		span := [2]int{m.Start, m.End}
		if m.Err != nil {
			out = append(out, Refusal{Code: m.Err.Code, Span: &span, Hint: m.Err.Hint,
				Message: fmt.Sprintf("%q: %s, so it cannot be checked against the receipt's dates", m.Text, m.Err.Msg)})
			continue
		}
		end, what := m.Date, "date"
		if m.IsRange() {
			end, what = m.Until, "range"
		}
		if dateBacked(m.Date, end, bs) != nil {
			continue
		}
		near := nearestDates(m.Date, end, m.IsRange(), bs)
		out = append(out, Refusal{Code: fault.DateNotBacked, Span: &span, Hint: hintDate,
			Message: fmt.Sprintf("%q: no verified receipt or fact has this %s; the nearest is %s (%s)", m.Text, what, near.src.Value, describe(&near.src))})
	}
	return out
}

// dateBacked returns the backing equal to the range start–end (a single
// date when they are equal), or nil.
func dateBacked(start, end dates.Date, bs []dateBacking) *dateBacking {
	for i := range bs {
		if bs[i].start == start && bs[i].end == end {
			return &bs[i]
		}
	}
	return nil
}

// nearestDates returns the backing to name in a refusal: the nearest by
// its dates among those of the same shape (range or single date) when one
// exists, else among all.
func nearestDates(start, end dates.Date, isRange bool, bs []dateBacking) *dateBacking {
	var best *dateBacking
	bestDist := 0
	for _, sameShape := range []bool{true, false} {
		for i := range bs {
			b := &bs[i]
			if sameShape && (b.start != b.end) != isRange {
				continue
			}
			if dist := absDays(b.start.Sub(start)) + absDays(b.end.Sub(end)); best == nil || dist < bestDist {
				best, bestDist = b, dist
			}
		}
		if best != nil {
			return best
		}
	}
	return &bs[0]
}

// absDays is |n|.
func absDays(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
