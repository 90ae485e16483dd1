package dates

import (
	"slices"
	"strings"

	"github.com/reckonhq/reckon/fault"
)

// Mention is a date, or a range of two dates, printed in prose.
type Mention struct {
	Start, End int    // the byte span of the mention in the text
	Text       string // the text of the span
	// Date is the date printed, or the first date of a range. It is the
	// zero Date when Err is set.
	Date Date
	// Until is the last date of a range printed "from A to B", "A – B" or
	// "between A and B"; the zero Date for a single date.
	Until Date
	// Err says why a date-shaped mention is refused: a numeric date with no
	// order (ambiguous_date), a day that does not exist (impossible_date), a
	// two-digit year with no century, a weekday that disagrees, a range
	// that ends before it starts (empty_range).
	Err *fault.Error
}

// IsRange reports whether m is a range of two dates.
func (m Mention) IsRange() bool { return !m.Until.IsZero() }

// Find returns the dates printed in text, in order, with their byte spans,
// read by the same reader as [Options.Parse] with the same options. It finds
// complete dates only: "31 March" with no year, "FY2024", "Q3 2024" and a
// year alone are labels, not dates, and are not mentions. A month name that
// begins a date must be capitalised ("March 31, 2003"), since "may" and
// "march" in lower case are verbs. Two dates joined by "to", "until",
// "through", a dash, or "between … and", become one range mention, its span
// including "from" or "between". Date-shaped text the reader refuses is a
// mention with Err set, so that a caller can refuse what it cannot check.
func Find(text string, o Options) []Mention {
	toks := lex(text)
	var ms []Mention
	prevEnd := -1
	for i := 0; i < len(toks); {
		r, ok := o.findAt(toks, i, prevEnd)
		if !ok {
			i++
			continue
		}
		m := Mention{Start: toks[i].start, End: toks[r.end-1].end, Date: r.date, Err: r.err}
		m.Text = text[m.Start:m.End]
		ms = append(ms, m)
		prevEnd, i = r.end, r.end
	}
	return ranges(text, ms)
}

// findAt reads a date at toks[i] if one starts there and stands alone: not
// glued to a word or number before or after it, and not a piece of a
// longer run of numbers such as 10.0.0.1 or a version 1.2.2026.
func (o Options) findAt(toks []token, i, prevEnd int) (read, bool) {
	t := toks[i]
	if t.kind != tNum && t.kind != tWord {
		return read{}, false
	}
	if t.kind == tWord && (t.text[0] < 'A' || t.text[0] > 'Z' || strings.EqualFold(t.text, "the")) {
		return read{}, false // a lower-case month is a verb; "the" is left out of the span
	}
	if i > 0 {
		p := toks[i-1]
		if p.kind == tNum || p.kind == tWord {
			return read{}, false // mid-word: A31 March 2003, 12031 March
		}
		if p.kind == tPunct && p.text != "," && i > 1 && (toks[i-2].kind == tNum || toks[i-2].kind == tWord) && i-1 != prevEnd {
			return read{}, false // 1.2.2026-03-31, 1-31 March 2003, 31-Mar-2003-01-04, batch-2003-01-04
		}
	}
	r := o.readAt(toks, i)
	if !r.shaped || r.err != nil && r.err.Code == fault.MissingYear && !o.rangeFollows(toks, i, r.end) {
		return read{}, false
	}
	if r.two {
		// A two-digit "year" followed by a month or a four-digit year is
		// the day of the next date: "1 January – 31 March 2003" is a
		// range, not 1 January 2031. Other numbers follow dates in
		// tables (31-Mar-03 1,234), and leave the year a year.
		j := r.end
		for j < len(toks) && toks[j].kind == tSpace {
			j++
		}
		if j < len(toks) && (toks[j].kind == tNum && len(toks[j].text) == 4 || toks[j].kind == tWord && isMonth(toks[j].text)) {
			// What comes before the "year" is a day and month without a
			// year, the start of a range when one follows.
			end := r.end - 1
			for end > i && (toks[end-1].kind == tSpace || toks[end-1].kind == tPunct && toks[end-1].text != ".") {
				end--
			}
			if !o.rangeFollows(toks, i, end) {
				return read{}, false
			}
			return missingYear(toks, i, end), true
		}
	}
	if r.end < len(toks) {
		n := toks[r.end]
		switch {
		case n.kind == tWord && (n.text == "T" || n.text == "t") && r.end+1 < len(toks) && toks[r.end+1].kind == tNum:
			// 2026-07-21T10:00:00Z: a date with a time of day.
		case n.kind == tNum || n.kind == tWord:
			return read{}, false
		case n.kind == tPunct && n.text != "," && n.text != "'" && r.end+1 < len(toks) && toks[r.end+1].kind == tNum:
			if next := o.readAt(toks, r.end+1); !next.shaped {
				return read{}, false // 2026-07-21-01, 10.0.0.1
			}
		}
	}
	return r, true
}

// isMonth reports whether w is a month name or abbreviation.
func isMonth(w string) bool {
	_, ok := Month(w)
	return ok
}

// rangeFollows reports whether toks[j:] begin with a range word ("to",
// "until", "till", "through", "thru", a dash, or "and" when "between" comes
// before toks[i]) and a complete date. A day
// and month without a year before them is the range's start, whose year the
// end does not give (31 December to 31 March 2003 began in 2002): Find
// reports it, refused, rather than leave the range's start unchecked.
func (o Options) rangeFollows(toks []token, i, j int) bool {
	// "between A and B": and joins a range only after between.
	b := i - 1
	for b >= 0 && toks[b].kind == tSpace {
		b--
	}
	between := b >= 0 && toks[b].kind == tWord && strings.EqualFold(toks[b].text, "between")
	c := &cursor{toks: toks, i: j}
	skipSpace := func() {
		for c.peek(0).kind == tSpace {
			c.i++
		}
	}
	skipSpace()
	t := c.peek(0)
	switch {
	case t.kind == tPunct && t.text == "-":
	case t.kind == tWord && slices.ContainsFunc([]string{"to", "until", "till", "through", "thru"}, func(w string) bool { return strings.EqualFold(t.text, w) }):
	case t.kind == tWord && between && strings.EqualFold(t.text, "and"):
	default:
		return false
	}
	c.i++
	skipSpace()
	next := o.readAt(toks, c.i)
	return next.shaped && next.err == nil
}

// ranges joins two mentions with a range word between them into one.
func ranges(text string, ms []Mention) []Mention {
	out := ms[:0:0]
	for k := 0; k < len(ms); k++ {
		m := ms[k]
		if k+1 < len(ms) && m.Err == nil && ms[k+1].Err == nil {
			n := ms[k+1]
			between := strings.ToLower(strings.TrimSpace(text[m.End:n.Start]))
			before := strings.ToLower(text[max(0, m.Start-8):m.Start]) // enough for "between "
			from := ""
			switch {
			case strings.HasSuffix(before, "between ") && between == "and":
				from = "between "
			case between == "to" || between == "until" || between == "till" || between == "through" ||
				between == "thru" || between == "-" || between == "–" || between == "—":
				if strings.HasSuffix(before, "from ") {
					from = "from "
				}
			default:
				out = append(out, m)
				continue
			}
			r := Mention{Start: m.Start - len(from), End: n.End, Date: m.Date, Until: n.Date}
			r.Text = text[r.Start:r.End]
			if n.Date.Before(m.Date) {
				r.Err = errorf(fault.EmptyRange, "check both dates against the source: the range ends before it starts",
					"%q ends before it starts", r.Text)
				r.Date, r.Until = Date{}, Date{}
			}
			out = append(out, r)
			k++
			continue
		}
		out = append(out, m)
	}
	return out
}
