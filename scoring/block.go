package scoring

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
)

// This file reads the three kinds of line a block is made of: its heading,
// its verdict and its citations.

// heading opens a block. A heading that names a criterion and then says
// more ("## eligibility (weight 20)") is refused but still opens that
// criterion's block, so the text is not also reported as missing it.
func (p *parser) heading(n int, s string) {
	p.endBlock()
	p.cur = &state{index: -1, line: n}
	rest, ok := strings.CutPrefix(s, "##")
	if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
		if p.numberFree(n, s) {
			p.fail(n, fault.MalformedHeading, "head each block \"## criterion name\"",
				"heading %q is not \"## criterion name\"", clip(s))
		}
		return
	}
	text := strings.TrimSpace(rest)
	i, extra := p.rubric.Find(text), ""
	if i < 0 {
		name, more := splitHeading(text)
		if j := p.rubric.Find(name); j >= 0 {
			i, extra = j, more
		}
	}
	switch {
	case i < 0:
		if p.numberFree(n, text) {
			p.fail(n, fault.UnknownCriterion, "use the criterion names of the prompt: "+hintList(p.names()),
				"unknown criterion %q", clip(text))
		}
		return
	case extra != "":
		if p.numberFree(n, extra) {
			p.fail(n, fault.MalformedHeading, "put only the criterion name in the heading, and the verdict on its own line",
				"heading holds %q after the criterion name", clip(extra))
		}
	}
	name := p.rubric.Criteria[i].Name
	if p.blocks[i] != nil {
		p.fail(n, fault.DuplicateCriterion, "write one block per criterion",
			"criterion %q already has a block at line %d", name, p.blocks[i].Line)
		return
	}
	p.cur.index = i
	p.cur.block = Block{Criterion: name, Line: n}
	p.blocks[i] = &p.cur.block
}

// splitHeading cuts a heading before the first parenthesis, bracket, colon,
// bar, dash used as a separator or number, to find a criterion name that
// is followed by more.
func splitHeading(s string) (name, more string) {
	cut := len(s)
	if i := strings.IndexFunc(s, func(r rune) bool {
		return isNumeric(r) || strings.ContainsRune("([:|—–", r)
	}); i >= 0 {
		cut = i
	}
	if i := strings.Index(s, " - "); i >= 0 && i < cut {
		cut = i
	}
	return strings.TrimSpace(s[:cut]), strings.TrimSpace(s[cut:])
}

func (p *parser) names() []string {
	out := make([]string, len(p.rubric.Criteria))
	for i, c := range p.rubric.Criteria {
		out[i] = c.Name
	}
	return out
}

// endBlock checks the block just read for its verdict and evidence.
func (p *parser) endBlock() {
	c := p.cur
	p.cur = nil
	if c == nil || c.index < 0 {
		return
	}
	b := &c.block
	switch {
	case c.verdict == 0:
		p.fail(c.line, fault.MissingVerdict, "add \"- Verdict: WORD\" under the heading",
			"criterion %q has no verdict", b.Criterion)
	case b.Verdict != None && b.Verdict != Unrated && !c.cited:
		p.fail(c.line, fault.MissingCitation, "quote the evidence: - Citation (source): \"exact words\"",
			"criterion %q is rated %s without a citation", b.Criterion, b.Verdict)
	case b.Verdict != None && !b.NeedsInput() && !p.citesRequired(c.index, b):
		src := p.rubric.Criteria[c.index].Source
		p.fail(c.line, fault.RequiredSource, fmt.Sprintf("quote the passage of %s the verdict rests on", src),
			"criterion %q is rated %s without citing %q, the source it is judged on", b.Criterion, b.Verdict, src)
	}
}

// citesRequired reports whether block b, of criterion i, cites the source
// the rubric requires for it, or the rubric requires none.
func (p *parser) citesRequired(i int, b *Block) bool {
	src := p.rubric.Criteria[i].Source
	if src == "" {
		return true
	}
	for _, c := range b.Citations {
		if key(c.Source) == key(src) {
			return true
		}
	}
	return false
}

// verdictLine reads the value of "- Verdict: …": one word of the scale or
// one NEEDS INPUT marker.
func (p *parser) verdictLine(n int, value string) {
	// A verdict line counts as the block's verdict even when its value is
	// refused, so that the block is not also reported without one.
	first := p.cur.verdict == 0
	if first {
		p.cur.verdict = n
	}
	var v Verdict
	var q string
	switch {
	case len(quote.NeedsInput(value)) > 0:
		var ok bool
		if q, ok = p.marker(n, value); !ok {
			return
		}
	case !p.numberFree(n, value):
		return
	default:
		var ok bool
		if v, ok = ParseVerdict(value); !ok {
			p.fail(n, fault.UnknownVerdict, "write one word alone: "+hintList(verdictWords()),
				"unknown verdict %q", clip(value))
			return
		}
	}
	if !first {
		p.fail(n, fault.DuplicateVerdict, "write one verdict line per block",
			"criterion %q already has a verdict at line %d", p.cur.block.Criterion, p.cur.verdict)
		return
	}
	p.cur.block.Verdict = v
	if q != "" {
		p.question(n, q)
	}
}

func verdictWords() []string {
	out := make([]string, len(Verdicts))
	for i, v := range Verdicts {
		out[i] = v.String()
	}
	return out
}

// citationLine reads "- Citation (source): …" whose value is a quote in
// double quotation marks or one NEEDS INPUT marker.
func (p *parser) citationLine(n int, label string, hasLabel bool, value string) {
	p.cur.cited = true
	src, srcOK := "", false
	switch {
	case hasLabel:
		if src, srcOK = p.source(label); !srcOK {
			p.fail(n, fault.UnknownSource, "cite one of the sources: "+hintList(p.sources),
				"citation names unknown source %q", clip(label))
			return
		}
	case !strings.HasPrefix(value, "["):
		p.fail(n, fault.MissingSource, "name the source: - Citation (source): \"exact words\"",
			"citation does not name its source")
		return
	}
	if r, _ := utf8.DecodeRuneInString(value); r != '"' && r != '“' {
		if value != "" && len(quote.NeedsInput(value)) > 0 {
			if q, ok := p.marker(n, value); ok {
				p.question(n, q)
			}
			return
		}
		p.quoteProblem(n, value)
		return
	}
	text, ok := p.unquote(n, value)
	if !ok {
		return
	}
	if len(p.cur.block.Citations) == maxCitations {
		p.fail(n, fault.TooManyCitations, "quote the few passages that carry the verdict",
			"criterion %q has more than %d citations", p.cur.block.Criterion, maxCitations)
	}
	p.cur.block.Citations = append(p.cur.block.Citations, Citation{Source: src, Text: text, Line: n})
}

// quoteProblem reports a citation value that is not in quotation marks.
func (p *parser) quoteProblem(n int, value string) {
	if value == "" {
		p.fail(n, fault.EmptyCitation, "copy the exact words after the colon, in double quotation marks",
			"citation quotes nothing")
		return
	}
	p.fail(n, fault.UnquotedCitation, "put the exact words in double quotation marks: \"…\"",
		"citation %q is not in double quotation marks", clip(value))
}

// unquote strips the outermost pair of double quotation marks from value:
// it opens with " or “ and closes at the last " or ” of the line, so marks
// inside the quote are part of it. Only white space may follow.
func (p *parser) unquote(n int, value string) (string, bool) {
	_, size := utf8.DecodeRuneInString(value)
	rest := value[size:]
	i := strings.LastIndexAny(rest, "\"”")
	if i < 0 {
		p.fail(n, fault.UnquotedCitation, "close the quote with \" at the end of the line",
			"citation has no closing quotation mark")
		return "", false
	}
	_, csize := utf8.DecodeRuneInString(rest[i:])
	text, tail := rest[:i], strings.TrimSpace(rest[i+csize:])
	switch {
	case tail != "":
		if p.numberFree(n, tail) {
			p.fail(n, fault.TextAfterQuote, "end the line with the closing quotation mark",
				"text %q after the quote", clip(tail))
		}
		return "", false
	case strings.TrimSpace(text) == "":
		p.fail(n, fault.EmptyCitation, "copy the exact words between the quotation marks",
			"citation quotes nothing")
		return "", false
	}
	return text, true
}

// source returns the supplied name of the source label names.
func (p *parser) source(label string) (string, bool) {
	k := key(label)
	for _, s := range p.sources {
		if key(s) == k {
			return s, true
		}
	}
	return "", false
}
