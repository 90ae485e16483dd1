package receipt

import "github.com/reckonhq/reckon/internal/jsonscan"

// scanRecorded reads the fields of [recorded] from a payload laid out as
// [Receipt.Encode] lays it out, without reflection: verification spends most
// of its decoding time here otherwise. It accepts only the canonical layout
// and reports false for anything else, in which case the caller decodes with
// encoding/json. It need not be a complete JSON parser: whatever it reads is
// recalculated, re-encoded and compared with the payload byte for byte, so a
// payload it misreads is refused, never accepted.
func scanRecorded(p []byte) (rec recorded, ok bool) {
	s := jsonscan.New(p)
	s.Lit(`{"type":`)
	rec.Type = s.Str()
	s.Lit(`,"id":`)
	rec.ID = s.Str()
	s.Lit(`,"operation":`)
	rec.Operation = s.Str()
	if s.Lit0(`,"call":{"params":[`) {
		rec.Call = scanCall(s)
	}
	s.Lit(`,"formula":`)
	rec.Formula = s.Str()
	s.Lit(`,"interpretation":{"kind":`)
	rec.Interpretation.Kind = s.Str()
	s.Lit(`,"note":`)
	rec.Interpretation.Note = s.Str()
	s.Lit(`},"inputs":[`)
	for i := 0; s.OK() && s.Peek() != ']'; i++ {
		if i > 0 {
			s.Lit(",")
		}
		rec.Inputs = append(rec.Inputs, scanInput(s))
	}
	s.Lit(`],"constants":`)
	s.Skip()
	s.Lit(`,"conversions":`)
	s.Skip()
	s.Lit(`,"expanded":`)
	s.Str()
	s.Lit(`,"periods":`)
	s.Skip()
	s.Lit(`,"same_period":`)
	rec.SamePeriod = s.Bool()
	s.Lit(`,"result":{"exact":`)
	s.Str()
	s.Lit(`,"value":`)
	s.Str()
	s.Lit(`,"unit":`)
	rec.Result.Unit = s.Str()
	s.Lit(`,"scale":`)
	rec.Result.Scale = s.Str()
	s.Lit(`,"places":`)
	if !s.Lit0("null") {
		n := s.Int()
		rec.Result.Places = &n
	}
	s.Lit(`,"rounding":`)
	rec.Result.Rounding = s.Str()
	s.Lit(`,"grouping":`)
	rec.Result.Grouping = s.Str()
	s.Lit(`,"display":`)
	s.Str()
	s.Lit(`,"inexact":`)
	s.Bool()
	s.Lit(`},"engine":{"name":`)
	rec.Engine.Name = s.Str()
	s.Lit(`,"version":`)
	rec.Engine.Version = s.Str()
	s.Lit(`,"precision":`)
	rec.Engine.Precision = s.Int()
	s.Lit(`}}`)
	return rec, s.Done()
}

// scanCall reads a named operation's call after its opening, keeping what
// re-execution needs: the params and today.
func scanCall(s *jsonscan.Scanner) *recordedCall {
	c := &recordedCall{Params: []Param{}}
	for i := 0; s.OK() && s.Peek() != ']'; i++ {
		if i > 0 {
			s.Lit(",")
		}
		var p Param
		s.Lit(`{"name":`)
		p.Name = s.Str()
		s.Lit(`,"value":`)
		p.Value = s.Str()
		s.Lit(`}`)
		c.Params = append(c.Params, p)
	}
	s.Lit(`],"today":`)
	c.Today = s.Str()
	s.Lit(`,"method":`)
	s.Str()
	s.Lit(`,"steps":`)
	s.Skip()
	s.Lit(`}`)
	return c
}

// scanInput reads one input record, with its source and grounding when
// present.
func scanInput(s *jsonscan.Scanner) (in recordedInput) {
	s.Lit(`{"name":`)
	in.Name = s.Str()
	s.Lit(`,"display":`)
	in.Display = s.Str()
	s.Lit(`,"value":`)
	s.Str()
	s.Lit(`,"unit":`)
	in.Unit = s.Str()
	s.Lit(`,"scale":`)
	in.Scale = s.Str()
	s.Lit(`,"factor":`)
	s.Str()
	s.Lit(`,"period":`)
	in.Period = s.Str()
	s.Lit(`,"label":`)
	in.Label = s.Str()
	s.Lit(`,"support":`)
	in.Support = s.Str()
	s.Lit(`,"provenance":`)
	in.Provenance = s.Str()
	s.Lit(`,"quote":`)
	in.Quote = s.Str()
	if s.Lit0(`,"source":`) {
		in.Source = s.Str()
	}
	if s.Lit0(`,"grounding":{"source":`) {
		g := &Grounding{Source: s.Str()}
		s.Lit(`,"digest":`)
		g.Digest = s.Str()
		s.Lit(`,"span":[`)
		g.Span[0] = s.Int()
		s.Lit(`,`)
		g.Span[1] = s.Int()
		s.Lit(`],"tier":`)
		g.Tier = s.Str()
		if s.Lit0(`,"scope":{"table":`) {
			sc := &Scope{Table: s.Int()}
			if s.Lit0(`,"row":`) {
				sc.Row = s.Str()
			}
			if s.Lit0(`,"column":`) {
				sc.Column = s.Str()
			}
			if s.Lit0(`,"by":`) {
				sc.By = s.Str()
			}
			s.Lit(`}`)
			g.Scope = sc
		}
		s.Lit(`}`)
		in.Grounding = g
	}
	s.Lit(`}`)
	return in
}
