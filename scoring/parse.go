package scoring

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
	"github.com/reckonhq/reckon/internal/visible"
	"github.com/reckonhq/reckon/quote"
)

// Block is one criterion as the model rated it, parsed and checked against
// the rubric and the source names. It holds no number: points are computed
// by [Score] from the verdict and the rubric's weight.
type Block struct {
	Criterion string     // the rubric's own name for the criterion
	Line      int        // 1-based line of the block's heading
	Verdict   Verdict    // [Unrated] when the verdict line asks for input
	Citations []Citation // the quotes given as evidence, in order
	Questions []Question // the "[NEEDS INPUT: …]" markers of the block, in order
}

// NeedsInput reports whether the block asks a question; such a criterion
// earns nothing until the question is answered and the block rewritten.
func (b Block) NeedsInput() bool { return len(b.Questions) > 0 }

// Citation is one quote of a block and the source it names.
type Citation struct {
	Source string // the source's name as the caller supplied it
	Text   string // the quote, between its quotation marks, verbatim
	Line   int    // 1-based line of the citation in the blocks
}

// Question is a "[NEEDS INPUT: question]" marker of a block: a fact the
// model could not find in the sources and asks for instead of inventing.
type Question struct {
	Criterion string `json:"criterion"` // the criterion that waits for it
	Question  string `json:"question"`  // the question, trimmed
	Line      int    `json:"line"`      // 1-based line of the marker in the blocks
}

// Limits of [Parse]. Blocks come from a model and are untrusted; each
// limit is far above what an honest rating of 50 criteria needs.
const (
	// MaxBlocksBytes bounds the text of the blocks.
	MaxBlocksBytes = 1 << 20
	// maxCitations bounds the citations of one block; evidence is a few
	// quotes, not the source copied out.
	maxCitations = 20
	// maxErrors bounds the errors collected before parsing stops; past a
	// few dozen, the text is not an attempt at the format.
	maxErrors = 50
	// maxSources bounds the named sources.
	maxSources = 32
	// maxSourceNameBytes bounds a source's name.
	maxSourceNameBytes = 64
)

// Parse reads the model's blocks strictly, against rubric r and the names
// of the sources the citations may name. It returns one [Block] per
// criterion, in the rubric's order, or nil and an [ErrorList] holding every
// problem found; it never returns blocks from text with a problem. The
// format is described in the package documentation.
//
// Parse validates r and the source names first and returns their problems
// alone.
func Parse(text string, r Rubric, sources []string) ([]Block, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if err := checkSources(sources); err != nil {
		return nil, err
	}
	if err := checkRubricSources(r, sources); err != nil {
		return nil, err
	}
	p := parser{rubric: r, sources: sources, blocks: make([]*Block, len(r.Criteria))}
	p.run(text)
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	out := make([]Block, len(p.blocks))
	for i, b := range p.blocks {
		out[i] = *b
	}
	return out, nil
}

// checkSources validates source names: each is a label inside the
// parentheses of "Citation (name):", so it may not hold a parenthesis, a
// colon, a quotation mark or a control character.
func checkSources(names []string) error {
	var errs ErrorList
	switch {
	case len(names) == 0:
		errs.add(0, fault.NoSources, "supply the texts the citations quote, each under a name",
			"no source was supplied")
	case len(names) > maxSources:
		errs.add(0, fault.InvalidSource, "merge sources", "%d sources exceed the limit of %d", len(names), maxSources)
	}
	seen := make(map[string]string, len(names))
	for _, n := range names {
		if e := checkSourceName(n); e != nil {
			errs = append(errs, e)
		}
		if k := key(n); k != "" {
			if prev, dup := seen[k]; dup {
				errs.add(0, fault.DuplicateSource, "give every source its own name",
					"source %q repeats source %q", n, prev)
			}
			seen[k] = n
		}
	}
	return errs.Err()
}

// checkSourceName validates one source name, supplied by the caller or
// required by a rubric's criterion: a trimmed label of at most
// maxSourceNameBytes that shows what it holds.
func checkSourceName(n string) *fault.Error {
	switch {
	case !visible.In(n) || n != strings.TrimSpace(n) || len(n) > maxSourceNameBytes:
		return &fault.Error{Code: fault.InvalidSource, Hint: fmt.Sprintf("use a trimmed name of at most %d bytes", maxSourceNameBytes),
			Msg: fmt.Sprintf("source name %q is empty, padded or too long", n)}
	case strings.ContainsAny(n, "()[]:\"“”") || strings.ContainsFunc(n, isControl) || visible.Hidden(n) >= 0:
		return &fault.Error{Code: fault.InvalidSource, Hint: "use letters, digits, spaces, hyphens or dots",
			Msg: fmt.Sprintf("source name %q holds a parenthesis, bracket, colon, quotation mark, control or invisible character", n)}
	}
	return nil
}

// checkRubricSources reports each criterion whose rubric names a source
// that the caller did not supply: its blocks could never be rated.
func checkRubricSources(r Rubric, names []string) error {
	var errs ErrorList
	for _, c := range r.Criteria {
		if c.Source == "" {
			continue
		}
		if !slices.ContainsFunc(names, func(n string) bool { return key(n) == key(c.Source) }) {
			errs.add(0, fault.RubricSourceMissing, fmt.Sprintf("supply the source %q, or change the rubric", c.Source),
				"criterion %q must cite the source %q, which was not supplied", c.Name, c.Source)
		}
	}
	return errs.Err()
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (0x80 <= r && r < 0xa0) }

// parser holds the state of one Parse.
type parser struct {
	rubric  Rubric
	sources []string
	blocks  []*Block // by criterion index; nil until its block is seen
	cur     *state   // the block being read; nil before the first heading
	errs    ErrorList
	stop    bool // maxErrors was reached
}

// state is the block being read. Index is -1 for a block whose heading was
// refused: its lines are still checked, so that every problem is reported,
// but it is not kept.
type state struct {
	index   int
	line    int
	verdict int  // line of the verdict, 0 if none yet
	cited   bool // the block has a citation or marker line, even a refused one
	block   Block
}

// fail records one error, and stops parsing once maxErrors are recorded.
func (p *parser) fail(line int, code, hint, format string, args ...any) {
	if p.stop {
		return
	}
	if len(p.errs) == maxErrors {
		p.errs.add(line, fault.TooManyErrors, "rewrite the blocks in the format of the prompt",
			"stopped after %d errors", maxErrors)
		p.stop = true
		return
	}
	p.errs.add(line, code, hint, format, args...)
}

// run checks the cheapest properties of the whole text first (size, UTF-8,
// emptiness), then reads it line by line, then reports missing criteria.
func (p *parser) run(text string) {
	switch {
	case len(text) > MaxBlocksBytes:
		p.fail(0, fault.TooLarge, "write one short block per criterion",
			"the blocks are %d bytes, more than the limit of %d", len(text), MaxBlocksBytes)
		return
	case !utf8.ValidString(text):
		p.fail(0, fault.InvalidUTF8, "send the blocks as UTF-8 text", "the blocks are not valid UTF-8")
		return
	case strings.TrimSpace(text) == "":
		p.fail(0, fault.Empty, "write one block per criterion, as the prompt shows", "the blocks are empty")
		return
	}
	lines := strings.Split(text, "\n")
	first, last := fenceLines(lines)
	for i, s := range lines {
		if p.stop {
			return
		}
		if i != first && i != last {
			p.line(i+1, strings.TrimSpace(s))
		}
	}
	p.endBlock()
	for i, c := range p.rubric.Criteria {
		if p.blocks[i] == nil {
			p.fail(0, fault.MissingCriterion, fmt.Sprintf("add a block headed \"## %s\"", c.Name),
				"criterion %q has no block", c.Name)
		}
	}
}

// fenceLines returns the indexes of the first and last non-blank lines
// when they open and close a code fence around the blocks, which models
// often add, and -1 otherwise.
func fenceLines(lines []string) (first, last int) {
	first, last = -1, -1
	for i, s := range lines {
		if strings.TrimSpace(s) != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	fence := func(i int) bool {
		s := strings.TrimSpace(lines[i])
		return strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~")
	}
	if first == last || !fence(first) || !fence(last) || strings.Trim(strings.TrimSpace(lines[last]), "`~") != "" {
		return -1, -1
	}
	return first, last
}

// line reads one trimmed line.
func (p *parser) line(n int, s string) {
	switch {
	case s == "":
		return
	case strings.HasPrefix(s, "#"):
		p.heading(n, s)
		return
	}
	body := cutBullet(s)
	k, label, hasLabel, value, ok := field(body)
	// A score, points, weight or total field is refused wherever it
	// stands, before or inside a block and however its key is dressed
	// ("[total]: 5"), so it is decided before anything reads the block.
	if ok && scoreWord(k) {
		p.fail(n, fault.ScoreField, "write only the verdict word and quotes; code computes every number",
			"%q is not part of the format: code computes every score, weight and total", clip(s))
		return
	}
	if p.cur == nil {
		if p.numberFree(n, s) {
			p.fail(n, fault.UnexpectedLine, "start with the first block: \"## criterion name\"",
				"text %q before the first block", clip(s))
		}
		return
	}
	if strings.HasPrefix(body, "[") {
		p.cur.cited = true
		if q, ok := p.marker(n, body); ok {
			p.question(n, q)
		}
		return
	}
	switch {
	case !ok:
		if p.numberFree(n, s) {
			p.fail(n, fault.UnexpectedLine, "write only headings, verdict lines and citation lines",
				"unexpected text %q", clip(s))
		}
	case k == "verdict" && !hasLabel:
		p.verdictLine(n, value)
	case k == "citation":
		p.citationLine(n, label, hasLabel, value)
	default:
		if p.numberFree(n, s) {
			p.fail(n, fault.UnknownField, "use only \"- Verdict:\" and \"- Citation (source):\" lines",
				"unknown field %q", clip(body[:strings.IndexByte(body, ':')]))
		}
	}
}

// cutBullet removes a leading "- ", "* " or "+ " list marker.
func cutBullet(s string) string {
	if len(s) >= 2 && strings.ContainsRune("-*+", rune(s[0])) && (s[1] == ' ' || s[1] == '\t') {
		return strings.TrimSpace(s[2:])
	}
	return s
}

// field splits "Key (label): value". The key part must be short and hold
// no quotation mark, or the colon belongs to prose or to a quote. Key is
// returned as a key (see key), label trimmed and value trimmed.
func field(s string) (k, label string, hasLabel bool, value string, ok bool) {
	i := strings.IndexByte(s, ':')
	if i <= 0 || i > 2*maxSourceNameBytes || strings.ContainsAny(s[:i], "\"“”") {
		return "", "", false, "", false
	}
	head, value := s[:i], strings.TrimSpace(s[i+1:])
	if j := strings.IndexByte(head, '('); j >= 0 {
		rest := strings.TrimSpace(head[j+1:])
		if !strings.HasSuffix(rest, ")") {
			return "", "", false, "", false
		}
		label, hasLabel, head = strings.TrimSpace(strings.TrimSuffix(rest, ")")), true, head[:j]
	}
	return key(head), label, hasLabel, value, true
}

// scoreWord reports whether a field's key names a number the format has
// no place for: a word of it starts with one of scoreWords or is "sum" or
// "mark".
func scoreWord(k string) bool {
	for _, w := range strings.FieldsFunc(k, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == "sum" || w == "mark" || w == "marks" {
			return true
		}
		for _, prefix := range scoreWords {
			if strings.HasPrefix(w, prefix) {
				return true
			}
		}
	}
	return false
}

var scoreWords = []string{"score", "point", "weight", "total", "subtotal", "percent", "rating", "grade"}

// numberFree reports whether s holds no number; when it holds one it
// records number_outside_quote and returns false.
func (p *parser) numberFree(n int, s string) bool {
	i := strings.IndexFunc(s, isNumeric)
	if i < 0 {
		return true
	}
	p.fail(n, fault.NumberOutsideQuote, "write only the verdict word and quotes; code computes every number",
		"%q outside a quote: the format has no place for a number", token(s, i))
	return false
}

// token returns the run of non-space text around byte i of s.
func token(s string, i int) string {
	start := strings.LastIndexAny(s[:i], " \t") + 1
	end := strings.IndexAny(s[i:], " \t")
	if end < 0 {
		end = len(s) - i
	}
	return clip(s[start : i+end])
}

// clip shortens s for an error message.
func clip(s string) string { return short.To(s, 60) }

// marker reads s as one "[NEEDS INPUT: question]" marker and nothing else.
// It records malformed_marker for a broken marker or one with text around
// it, and unexpected_line for a bracket that is no marker.
func (p *parser) marker(n int, s string) (string, bool) {
	ms := quote.NeedsInput(s)
	switch {
	case len(ms) == 0:
		if p.numberFree(n, s) {
			p.fail(n, fault.UnexpectedLine, "write only headings, verdict lines and citation lines",
				"unexpected text %q", clip(s))
		}
		return "", false
	case ms[0].Problem != "":
		p.fail(n, fault.MalformedMarker, "write [NEEDS INPUT: your question] on one line",
			"malformed NEEDS INPUT marker (%s)", strings.ReplaceAll(ms[0].Problem, "_", " "))
		return "", false
	case len(ms) > 1 || ms[0].Start != 0 || ms[0].End != len(s):
		p.fail(n, fault.MalformedMarker, "put one [NEEDS INPUT: question] alone in place of the verdict word or the quote",
			"a NEEDS INPUT marker must stand alone")
		return "", false
	}
	return ms[0].Question, true
}

// question adds a NEEDS INPUT question to the open block, once it passes
// the checks of checkQuestion.
func (p *parser) question(n int, q string) {
	if !p.checkQuestion(n, q) {
		return
	}
	p.cur.block.Questions = append(p.cur.block.Questions,
		Question{Criterion: p.cur.block.Criterion, Question: q, Line: n})
}
