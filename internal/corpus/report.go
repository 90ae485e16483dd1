package corpus

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/receipt"
)

// ExceptionsFile is the name, beside the report, of the full exception
// list that [Report.Markdown] points to.
const ExceptionsFile = "exceptions.md"

// examples is how many examples the report shows of each TAT-QA ending:
// enough to see the pattern, the rest in the exceptions file.
const examples = 3

// acceptedWrong is the group of an honest transcription accepted with
// another value than the table shows: no refusal code, a defect of its own.
const acceptedWrong = "accepted with another value"

// Table returns the figures as a short Markdown table for the README: one
// column per form the filings were registered in, then TAT-QA's.
func (r *Report) Table() string {
	var b strings.Builder
	b.WriteString("| filings: 2,400 SEC inline-XBRL facts |")
	for _, fr := range r.Forms {
		fmt.Fprintf(&b, " registered as %s |", fr.Form)
	}
	b.WriteString("\n|---|")
	for range r.Forms {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	rows := []struct {
		label string
		cell  func(f Figures) string
	}{
		{"honest transcription accepted, value right", func(f Figures) string { return ratio(f.Accepted, f.Honest) }},
		{"a scale 1,000× off refused", func(f Figures) string { return ratio(f.ScaleOffRefused, f.ScaleOff) }},
		{"parentheses dropped refused", func(f Figures) string { return ratio(f.ParensRefused, f.Parens) }},
		{"refusal's fix followed: reached the truth", func(f Figures) string { return ratio(f.HintTruth, f.Refused) }},
		{"refusal's fix followed: a WRONG value", func(f Figures) string { return ratio(f.HintWrong, f.Refused) }},
		{"refusal's fix followed: still refused", func(f Figures) string { return ratio(f.HintRefused, f.Refused) }},
		{"refusal with no fix", func(f Figures) string { return ratio(f.NoFix, f.Refused) }},
	}
	for _, row := range rows {
		fmt.Fprintf(&b, "| %s |", row.label)
		for _, fr := range r.Forms {
			if fr.Err != nil {
				b.WriteString(" not available |")
				continue
			}
			fmt.Fprintf(&b, " %s |", row.cell(fr.Total))
		}
		b.WriteString("\n")
	}
	first, after := r.caseCount(FirstTry), r.caseCount(AfterHints)
	fmt.Fprintf(&b, "\n| TAT-QA dev: %d cases | reached the gold |\n|---|---:|\n", len(r.Cases))
	fmt.Fprintf(&b, "| on the first try | %s |\n", ratio(first, len(r.Cases)))
	fmt.Fprintf(&b, "| after following the fixes | %s |\n", ratio(first+after, len(r.Cases)))
	runs := make([]*CaseRun, len(r.Cases))
	for i := range r.Cases {
		runs[i] = &r.Cases[i]
	}
	fmt.Fprintf(&b, "| accepted off the gold after following fixes | %s |\n", ratio(fixedOff(runs), len(r.Cases)))
	return b.String()
}

// Markdown returns the whole report: the figures, per filing and form; the
// honest transcriptions refused, grouped by code with an example each;
// every wrong number signed and every fix that led to one; and TAT-QA's
// cases grouped by how they ended.
func (r *Report) Markdown() string {
	var b strings.Builder
	b.WriteString("# Grounding over real documents\n\n")
	b.WriteString("Written by `go test ./internal/corpus -run TestCorpus -update`. Every honest transcription refused\n")
	fmt.Fprintf(&b, "and every case that missed its gold is listed in [%s](%s).\n\n", ExceptionsFile, ExceptionsFile)
	b.WriteString("## Figures\n\n")
	b.WriteString(r.Table())
	r.writeExcluded(&b)
	for _, fr := range r.Forms {
		fr.writeMarkdown(&b)
	}
	r.writeCases(&b)
	return b.String()
}

// writeExcluded says which facts the figures leave out, and why.
func (r *Report) writeExcluded(b *strings.Builder) {
	n := 0
	for _, c := range r.Excluded {
		n += c
	}
	fmt.Fprintf(b, "\nOf the %s facts, %s are in the figures; %d are left out:\n\n", group(r.Facts), group(r.Facts-n), n)
	for _, why := range sortedKeys(r.Excluded, func(a, b string) bool { return a < b }) {
		fmt.Fprintf(b, "- %s: %d\n", why, r.Excluded[why])
	}
}

// writeMarkdown writes one form's section of the report.
func (fr *FormRun) writeMarkdown(b *strings.Builder) {
	fmt.Fprintf(b, "\n## Filings registered as %s\n\n", fr.Form)
	if fr.Err != nil {
		fmt.Fprintf(b, "Not available: %v.\n", fr.Err)
		return
	}
	b.WriteString("| filing | honest accepted | 1,000× off refused | parentheses dropped refused | fix → truth | fix → WRONG | fix → refused | no fix |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, name := range fr.Filings {
		writeFiguresRow(b, name, fr.By[name])
	}
	writeFiguresRow(b, "**total**", &fr.Total)
	fmt.Fprintf(b, "\n%d facts print 0, which is 0 at any scale: they have no scale-off variant.\n", fr.Total.Zero)

	groups := fr.exceptionGroups()
	fmt.Fprintf(b, "\n### Honest transcriptions not accepted: %d, by code\n\n", fr.Total.Honest-fr.Total.Accepted)
	for _, g := range groups {
		fmt.Fprintf(b, "- **%s**: %d (%s)\n", g.code, len(g.runs), byFiling(fr.Filings, g.runs))
		for _, sh := range shapes(g.runs) {
			t := sh.runs[0].Trials[0]
			fmt.Fprintf(b, "  - %d like %s: %s\n", len(sh.runs), sh.runs[0].Fact.Where(), inputLine(t.Input))
			writeAnswer(b, "    ", t.First, sh.runs[0])
		}
	}
	fr.writeSigned(b)
}

// byFiling counts runs per filing: "aapl-10k-2024 12, ko-10q-2025 3".
func byFiling(filings []string, runs []*FactRun) string {
	n := map[string]int{}
	for _, r := range runs {
		n[r.Fact.Filing]++
	}
	var parts []string
	for _, name := range filings {
		if n[name] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", name, n[name]))
		}
	}
	return strings.Join(parts, ", ")
}

// alsoBare says when the row of a number accepted without its parentheses
// also prints that number without them, in another cell: a quote of the
// whole row cannot tell the two cells apart.
func alsoBare(s Signed) string {
	if s.Trial.Variant != ParensDropped {
		return ""
	}
	row := s.Run.Fact.Row
	for tok, ok := numeral.Next(row, 0); ok; tok, ok = numeral.Next(row, tok.End) {
		if tok.Number == s.Run.Fact.Display && !tok.Neg {
			return fmt.Sprintf(" (the row also prints %s without parentheses: %s)", tok.Number, code(tok.Text))
		}
	}
	return ""
}

// AlsoBare reports whether s is a number accepted without its
// parentheses from a row that also prints it without them, in another
// cell: the input grounds in that cell, and no wrong number was signed.
func (s Signed) AlsoBare() bool { return alsoBare(s) != "" }

// writeFiguresRow writes one filing's figures as a table row.
func writeFiguresRow(b *strings.Builder, name string, f *Figures) {
	fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %d | %d | %d |\n", name,
		ratio(f.Accepted, f.Honest), ratio(f.ScaleOffRefused, f.ScaleOff), ratio(f.ParensRefused, f.Parens),
		f.HintTruth, f.HintWrong, f.HintRefused, f.NoFix)
}

// writeSigned lists every wrong transcription accepted and every followed
// fix that reached another value than the truth: the defects that must
// never happen.
func (fr *FormRun) writeSigned(b *strings.Builder) {
	scale, parens, hints := fr.Signed()
	lists := []struct {
		title string
		runs  []Signed
	}{
		{"WRONG NUMBERS SIGNED: a scale 1,000× off accepted", scale},
		{"WRONG NUMBERS SIGNED: parentheses dropped accepted", parens},
		{"Followed fixes that gave a WRONG value", hints},
	}
	for _, l := range lists {
		fmt.Fprintf(b, "\n### %s: %d\n\n", l.title, len(l.runs))
		for _, s := range l.runs {
			fmt.Fprintf(b, "- %s %s: %s; got %s, the table shows %s%s\n", s.Run.Fact.Where(), s.Trial.Variant,
				inputLine(s.Input), s.Got, plain(s.Run.Truth), alsoBare(s))
			if s.Trial.Follow != nil && len(s.Trial.Follow.Fixes) > 0 {
				fmt.Fprintf(b, "  - first refused %s, then fixed %s\n", code(s.Trial.First.Err.Code), code(fixString(s.Trial.Follow.Fixes)))
			}
		}
	}
}

// Signed is one wrong number reckon accepted: the input it accepted and
// the value it gave.
type Signed struct {
	Run   *FactRun
	Trial *Trial
	Input receipt.Input // the input as accepted, fixes applied
	Got   string        // the value reckon computed
}

// Signed returns the wrong numbers of the run: the thousandfold slips
// accepted, the dropped parentheses accepted, and the followed fixes that
// gave another value than the truth.
func (fr *FormRun) Signed() (scale, parens, hints []Signed) {
	for i := range fr.Facts {
		r := &fr.Facts[i]
		for j := range r.Trials {
			t := &r.Trials[j]
			if t.First.OK() {
				s := Signed{Run: r, Trial: t, Input: t.Input, Got: plain(t.First.Value)}
				switch t.Variant {
				case ScaleUp, ScaleDown:
					scale = append(scale, s)
				case ParensDropped:
					parens = append(parens, s)
				}
				continue
			}
			if t.ending(r.Truth) == HintWrong {
				hints = append(hints, Signed{Run: r, Trial: t, Input: t.Follow.Final[0], Got: plain(t.Follow.Last.Value)})
			}
		}
	}
	return scale, parens, hints
}

// shapeGroup is the refusals of one code whose messages differ only in
// names, quoted text and numbers.
type shapeGroup struct {
	shape string
	runs  []*FactRun
}

// Message parts that vary between refusals of one shape.
var (
	shapeSource = regexp.MustCompile(`source \S+`)
	shapeQuoted = regexp.MustCompile(`"[^"]*"`)
	shapeNumber = regexp.MustCompile(`\d[\d,.–-]*`)
)

// shapes splits one code's runs by the shape of their message, the
// largest first, so that each kind of refusal gets its own example.
func shapes(runs []*FactRun) []shapeGroup {
	var groups []shapeGroup
	at := map[string]int{}
	for _, r := range runs {
		msg := acceptedWrong
		if e := r.Trials[0].First.Err; e != nil {
			msg = shapeSource.ReplaceAllString(e.Msg, "source S")
			msg = shapeNumber.ReplaceAllString(shapeQuoted.ReplaceAllString(msg, `"…"`), "N")
		}
		i, ok := at[msg]
		if !ok {
			i = len(groups)
			at[msg] = i
			groups = append(groups, shapeGroup{shape: msg})
		}
		groups[i].runs = append(groups[i].runs, r)
	}
	sort.SliceStable(groups, func(i, j int) bool { return len(groups[i].runs) > len(groups[j].runs) })
	return groups
}

// exceptionGroup is the honest transcriptions refused with one code.
type exceptionGroup struct {
	code string
	runs []*FactRun
}

// exceptionGroups groups the honest transcriptions not accepted by code,
// the largest group first.
func (fr *FormRun) exceptionGroups() []exceptionGroup {
	by := map[string][]*FactRun{}
	for i := range fr.Facts {
		r := &fr.Facts[i]
		t := &r.Trials[0]
		switch {
		case t.accepted(r.Truth):
		case t.First.OK():
			by[acceptedWrong] = append(by[acceptedWrong], r)
		default:
			by[t.First.Err.Code] = append(by[t.First.Err.Code], r)
		}
	}
	var groups []exceptionGroup
	for c, runs := range by {
		groups = append(groups, exceptionGroup{c, runs})
	}
	sort.Slice(groups, func(i, j int) bool {
		if len(groups[i].runs) != len(groups[j].runs) {
			return len(groups[i].runs) > len(groups[j].runs)
		}
		return groups[i].code < groups[j].code
	})
	return groups
}

// writeAnswer writes what reckon answered an honest transcription: the
// refusal's message, hint and fix, and where following the fix led; or
// the wrong value.
func writeAnswer(b *strings.Builder, indent string, o Outcome, r *FactRun) {
	if o.OK() {
		fmt.Fprintf(b, "%s- got %s, the table shows %s\n", indent, plain(o.Value), plain(r.Truth))
		return
	}
	writeError(b, indent, o.Err)
	if fl := r.Trials[0].Follow; fl != nil && fl.Rounds > 0 {
		fmt.Fprintf(b, "%s- following the fix: %s\n", indent, followLine(fl, r.Truth))
	}
}

// writeError writes a refusal's message, hint and fix as a list.
func writeError(b *strings.Builder, indent string, e *fault.Error) {
	fmt.Fprintf(b, "%s- message: %s\n", indent, e.Msg)
	fmt.Fprintf(b, "%s- hint: %s\n", indent, orNone(e.Hint))
	if len(e.Fix) > 0 {
		fmt.Fprintf(b, "%s- fix: %s\n", indent, code(fixString(e.Fix)))
	}
}

// followLine says in a line where following the fixes led.
func followLine(fl *Following, truth *apd.Decimal) string {
	s := fmt.Sprintf("%s in %d round(s)", code(fixString(fl.Fixes)), fl.Rounds)
	if fl.Last.OK() {
		return fmt.Sprintf("%s, accepted: %s (truth %s)", s, plain(fl.Last.Value), plain(truth))
	}
	return fmt.Sprintf("%s, refused %s: %s (%s)", s, code(fl.Last.Err.Code), fl.Last.Err.Msg, fl.Stuck)
}

// inputLine prints an input for people: the row as quoted and the fields
// the model chose.
func inputLine(in receipt.Input) string {
	return fmt.Sprintf("row %s · display %s · unit %s · scale %s", code(in.Quote), code(in.Display), code(in.Unit), code(in.Scale))
}

// writeCases writes TAT-QA's section: the cases counted by how they
// ended, examples of each, and every case whose gold looks a thousand
// times off for a person to judge.
func (r *Report) writeCases(b *strings.Builder) {
	fmt.Fprintf(b, "\n## TAT-QA dev: %d cases\n\n", len(r.Cases))
	b.WriteString("Inputs start from what each quote prints around the number (`$` before it: USD; `%` after it:\n")
	fmt.Fprintf(b, "percent; a scale word with it: that scale; else a number with no scale); fixes followed up to %d times.\n\n", CaseRounds)
	groups := r.caseGroups()
	b.WriteString("| ended | cases |\n|---|---:|\n")
	for _, g := range groups {
		fmt.Fprintf(b, "| %s | %d |\n", g.ending, len(g.runs))
	}
	for _, g := range groups {
		if g.ending == FirstTry || g.ending == AfterHints {
			continue
		}
		all := g.ending == ScaleInconsistent
		fmt.Fprintf(b, "\n### %s: %d\n\n", g.ending, len(g.runs))
		if n := fixedOff(g.runs); n > 0 {
			fmt.Fprintf(b, "%d of them were accepted only after following fixes, marked **after fixes**: check whether a\n"+
				"fix named a scale or unit the document does not give the number.\n\n", n)
		}
		if all {
			fmt.Fprintf(b, "The result is exactly 10^3 or 10^6 from the gold: the annotated scale may be inconsistent, or the\n"+
				"transcription may lack a scale the document gives. A person must judge each. In %d of them no input\n"+
				"carries a scale: check whether the context states one reckon did not apply.\n\n", unscaled(g.runs))
		}
		for i, run := range g.runs {
			if i == examples && !all {
				fmt.Fprintf(b, "- … and %d more in %s\n", len(g.runs)-examples, ExceptionsFile)
				break
			}
			writeCase(b, run)
		}
	}
}

// fixedOff counts the runs accepted off the gold after following fixes:
// where a fix may have named a wrong scale or unit.
func fixedOff(runs []*CaseRun) int {
	n := 0
	for _, run := range runs {
		if run.Got != nil && run.Follow.Rounds > 0 && run.Ending != AfterHints && run.Ending != FirstTry {
			n++
		}
	}
	return n
}

// unscaled counts the runs none of whose inputs, as finally given, carries
// a scale.
func unscaled(runs []*CaseRun) int {
	n := 0
	for _, run := range runs {
		if !slices.ContainsFunc(run.Follow.Final, func(in receipt.Input) bool { return in.Scale != "" }) {
			n++
		}
	}
	return n
}

// caseGroup is the cases that ended one way.
type caseGroup struct {
	ending string
	runs   []*CaseRun
}

// caseGroups groups the cases by ending: the two that reached the gold
// first, then the largest group first.
func (r *Report) caseGroups() []caseGroup {
	by := map[string][]*CaseRun{FirstTry: nil, AfterHints: nil}
	for i := range r.Cases {
		run := &r.Cases[i]
		by[run.Ending] = append(by[run.Ending], run)
	}
	rank := func(e string) int {
		switch e {
		case FirstTry:
			return 0
		case AfterHints:
			return 1
		}
		return 2
	}
	var groups []caseGroup
	for e, runs := range by {
		groups = append(groups, caseGroup{e, runs})
	}
	sort.Slice(groups, func(i, j int) bool {
		gi, gj := groups[i], groups[j]
		if rank(gi.ending) != rank(gj.ending) {
			return rank(gi.ending) < rank(gj.ending)
		}
		if len(gi.runs) != len(gj.runs) {
			return len(gi.runs) > len(gj.runs)
		}
		return gi.ending < gj.ending
	})
	return groups
}

// caseCount is how many cases ended so.
func (r *Report) caseCount(ending string) int {
	n := 0
	for _, run := range r.Cases {
		if run.Ending == ending {
			n++
		}
	}
	return n
}

// writeCase writes one case that missed its gold: its formula and answer,
// each input as first transcribed and as finally given, and the last error.
func writeCase(b *strings.Builder, run *CaseRun) {
	k := run.Case
	mark := ""
	if run.Got != nil && run.Follow.Rounds > 0 && run.Ending != AfterHints {
		mark = "**after fixes** "
	}
	fmt.Fprintf(b, "- %s%s: %s, gold %s (scale %s%s)", mark, k.ID, code(k.Formula), code(k.Gold), code(k.Scale), percentForm(k))
	if run.Got != nil {
		fmt.Fprintf(b, ", got %s", code(plain(run.Got)))
	}
	b.WriteString("\n")
	for i, in := range run.Follow.Final {
		first := run.First[i]
		fmt.Fprintf(b, "  - %s: %s", in.Name, inputLine(in))
		if first.Unit != in.Unit || first.Scale != in.Scale || first.Display != in.Display {
			fmt.Fprintf(b, " (first: display %s, unit %s, scale %s)", code(first.Display), code(first.Unit), code(first.Scale))
		}
		b.WriteString("\n")
	}
	if len(run.Follow.Fixes) > 0 {
		fmt.Fprintf(b, "  - fixes followed: %s\n", code(fixString(run.Follow.Fixes)))
	}
	if e := run.Follow.Last.Err; e != nil {
		fmt.Fprintf(b, "  - last error %s (%s)\n", code(e.Code), run.Follow.Stuck)
		writeError(b, "    ", e)
	}
}

// percentForm prints a case's percent form, when it has one.
func percentForm(k *Case) string {
	if k.PercentForm == "" {
		return ""
	}
	return ", " + k.PercentForm
}

// Exceptions returns the full list behind the report: every honest
// transcription not accepted, per form and grouped by code, with its row,
// display, unit, scale and what reckon answered; and every TAT-QA case
// that did not reach its gold.
func (r *Report) Exceptions() string {
	var b strings.Builder
	b.WriteString("# Exceptions\n\nThe full list behind report.md, written by `go test ./internal/corpus -run TestCorpus -update`.\n")
	for _, fr := range r.Forms {
		fmt.Fprintf(&b, "\n## Filings registered as %s: honest transcriptions not accepted\n", fr.Form)
		if fr.Err != nil {
			fmt.Fprintf(&b, "\nNot available: %v.\n", fr.Err)
			continue
		}
		for _, g := range fr.exceptionGroups() {
			fmt.Fprintf(&b, "\n### %s: %d\n\n", g.code, len(g.runs))
			for _, run := range g.runs {
				t := run.Trials[0]
				fmt.Fprintf(&b, "- %s %s\n", run.Fact.Where(), inputLine(t.Input))
				writeAnswer(&b, "  ", t.First, run)
			}
		}
	}
	b.WriteString("\n## TAT-QA: cases that did not reach the gold\n")
	for _, g := range r.caseGroups() {
		if g.ending == FirstTry || g.ending == AfterHints {
			continue
		}
		fmt.Fprintf(&b, "\n### %s: %d\n\n", g.ending, len(g.runs))
		for _, run := range g.runs {
			writeCase(&b, run)
		}
	}
	return b.String()
}

// ratio prints "a / b (p%)" with p to one decimal, in integer arithmetic,
// rounded half up.
func ratio(a, b int) string {
	if b == 0 {
		return fmt.Sprintf("%s / 0", group(a))
	}
	tenths := (a*1000 + b/2) / b
	return fmt.Sprintf("%s / %s (%d.%d%%)", group(a), group(b), tenths/10, tenths%10)
}

// group prints n with thousands separators: 2,400.
func group(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// code prints s as a Markdown code span, fenced with more backticks than
// any run of them inside s, and "" as "(none)".
func code(s string) string {
	if s == "" {
		return "(none)"
	}
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// orNone prints s, or "(none)" when it is empty.
func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
