package document

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
)

// Format is how a document's bytes are written.
type Format uint8

// The formats a document is read from.
const (
	Text     Format = iota // plain text, including PDF text layers: pipe tables and whitespace-aligned columns
	Markdown               // CommonMark with GitHub's tables, read with goldmark
	HTML                   // HTML, including inline XBRL, read with golang.org/x/net/html
	CSV                    // comma- or tab-separated records, a bank or ledger export, read with encoding/csv
)

var formatNames = [...]string{Text: "text", Markdown: "markdown", HTML: "html", CSV: "csv"}

// String returns the format's name: "text", "markdown", "html" or "csv".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", f)
}

// ParseFormat returns the format named s ("text", "txt", "markdown", "md",
// "html", "htm", "csv"), ignoring case.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "text", "txt", "plain", "":
		return Text, nil
	case "markdown", "md":
		return Markdown, nil
	case "html", "htm", "xhtml":
		return HTML, nil
	case "csv":
		return CSV, nil
	}
	return Text, &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("unknown document format %q", clip(s)),
		Hint: "name the format text, markdown, html or csv"}
}

// FormatOf returns the format a file name's extension names: .htm, .html,
// .xhtml are [HTML]; .md and .markdown are [Markdown]; .csv and .tsv are
// [CSV]; anything else is [Text].
func FormatOf(name string) Format {
	switch strings.ToLower(path.Ext(name)) {
	case ".htm", ".html", ".xhtml":
		return HTML
	case ".md", ".markdown":
		return Markdown
	case ".csv", ".tsv":
		return CSV
	}
	return Text
}

// Sniff returns the format of a document named name with text src: the
// one its extension names ([FormatOf]), or, when the name has none it
// knows, [HTML] for a text that starts with markup ("<!DOCTYPE", "<html",
// "<p>", "<table>", …) and [Text] for any other. Markdown is never
// guessed: plain text that happens to hold "#" or "|" is read as text.
func Sniff(name, src string) Format {
	if f := FormatOf(name); f != Text {
		return f
	}
	t := strings.TrimLeft(strings.TrimPrefix(src, "\ufeff"), " \t\r\n")
	if len(t) < 3 || t[0] != '<' {
		return Text
	}
	low := strings.ToLower(t[:min(len(t), 64)])
	for _, tag := range []string{"<!doctype html", "<html", "<?xml", "<body", "<div", "<p>", "<p ", "<table", "<h1", "<h2", "<h3", "<span", "<section", "<article", "<ul", "<ol", "<!--"} {
		if strings.HasPrefix(low, tag) {
			return HTML
		}
	}
	return Text
}

// maxBytes is the largest document [Parse] reads: what quote indexes.
const maxBytes = 1 << 30

// A Document is one source parsed once: its original bytes, the rendering
// the model is shown and quotes are checked against ([Document.Text]), the
// blocks of that rendering, and the meaning each number has in its scopes
// ([Document.Meaning]). A Document is immutable and safe for concurrent use.
type Document struct {
	Name   string // the name the application registers it under
	Format Format

	source string
	text   string
	runs   []run   // rendering → source offsets, ordered by r
	Blocks []Block // in rendering order

	tables    []*Table
	sections  []sectionSpan
	lineOff   []int // offset of each rendering line's first byte
	secDecls  []secDecl
	levels    []int          // each block's section level ([levelsOf])
	displaced map[int]bool   // caption lines printed after their table that give no fix, by offset
	after     map[int]bool   // every caption line printed after its table, by offset
	docDecls  []Decl         // what a running head or foot declares for the whole document
	anyScale  bool           // some scope of the document declares a scale
	repeats   map[string]int // short paragraph lines by how often they print, for running heads

	declCache sync.Map // declKey → []Decl, filled as numbers are asked about

	looseOnce   sync.Once
	loose       string           // the rendering lower-cased, each run of white space and cell separators one space
	looseAt     []int            // looseAt[i] is the rendering offset of loose[i]
	numberWords map[string][]int // loose's words that hold a digit, by where they start

	tieOnce  sync.Once
	tieIndex map[string][]rowRef // the rows of tables scaled as a whole, by the figures they print ([Document.tieOf])
}

// run maps text[r:r+n] to the source: byte for byte from s when lit,
// otherwise the whole run stands for source[s:se] (a decoded entity, a
// separator the rendering adds).
type run struct {
	r, n  int
	s, se int
	lit   bool
}

// Source returns the document's original bytes, as registered.
func (d *Document) Source() string { return d.source }

// Text returns the rendering: for plain text the text itself; for HTML and
// Markdown the visible text, a block a line, a table row a line with its
// non-empty cells joined by " | ".
func (d *Document) Text() string { return d.text }

// Tables returns the document's tables in order.
func (d *Document) Tables() []*Table { return d.tables }

// Span maps the rendering's bytes [start, end) to the original bytes
// that print them.
func (d *Document) Span(start, end int) (int, int) {
	if len(d.runs) == 0 {
		return start, end
	}
	s := d.orig(start, false)
	if end <= start {
		return s, s
	}
	e := d.orig(end-1, true)
	return s, max(e, s)
}

// orig maps rendering offset i to the source: the byte it copies, or the
// start (or, with after, the end) of what a generated run stands for.
func (d *Document) orig(i int, after bool) int {
	k := sort.Search(len(d.runs), func(k int) bool { return d.runs[k].r+d.runs[k].n > i })
	if k == len(d.runs) {
		return len(d.source)
	}
	r := d.runs[k]
	if i < r.r {
		i = r.r
	}
	if r.lit {
		if after {
			return r.s + (i - r.r) + 1
		}
		return r.s + (i - r.r)
	}
	if after {
		return r.se
	}
	return r.s
}

// Kind is the kind of a [Block].
type Kind uint8

// The kinds of block.
const (
	Paragraph  Kind = iota + 1 // a run of text: a paragraph, a line of a text layer
	Heading                    // a heading: HTML h1–h6, a Markdown heading
	ListItem                   // an item of a list
	TableBlock                 // a table; Block.Table holds it
)

var kindNames = [...]string{Paragraph: "paragraph", Heading: "heading", ListItem: "list_item", TableBlock: "table"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// A Block is one block of the rendering. Start and End are byte offsets
// into [Document.Text]; a block is whole lines, without the final newline.
type Block struct {
	Kind       Kind
	Start, End int
	Level      int    // a heading's level, 1–6; 0 when the format gives none
	Table      *Table // the table, for a TableBlock
}

// A Table is a table of the rendering.
type Table struct {
	Start, End int    // the rendering's bytes of its rows
	Caption    []Span // the lines printed directly above it that belong to it, in order
	Rows       []*Row // every row, in order: header rows first
	Header     int    // how many of Rows are header rows
	Cols       int    // the width of its grid, in columns

	// continues is the table this one carries on from across a page
	// break, or nil.
	continues *Table
	// intro is the line that introduces the series of tables this one is
	// in ("The following tables show … (in millions):"), when it is not
	// in this one's caption
	intro []Span
}

// A Span is a byte range of the rendering.
type Span struct{ Start, End int }

// A Row is one row of a table.
type Row struct {
	Start, End int
	Cells      []Cell
	// Group is the nearest row above in the same body that holds only a
	// label ("Earnings per share:", "Net sales:"): the group the row is
	// in, or nil.
	Group *Row
}

// A Cell is one non-empty cell. Start and End bound its text in the
// rendering, trimmed. Col is its first grid column and ColSpan how many
// it spans; Col is -1 where the format gives no grid and the column is
// not known from alignment.
type Cell struct {
	Start, End   int
	Col, ColSpan int
	Header       bool // a th, or a cell of a header row
}

// Label returns the row's label: the text of its first cell when that cell
// holds words, or "".
func (r *Row) Label(d *Document) string {
	if len(r.Cells) == 0 {
		return ""
	}
	c := r.Cells[0]
	t := d.text[c.Start:c.End]
	if !hasLetter(t) {
		return ""
	}
	return t
}

func hasLetter(s string) bool {
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > utf8.RuneSelf && isLetter(r) {
			return true
		}
	}
	return false
}

// clip shortens s for a message.
func clip(s string) string { return short.To(s, 60) }
