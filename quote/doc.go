// Package quote checks verbatim quotes against the source text they cite.
//
// A model that judges or transcribes shows its evidence as quotes; code
// checks every quote in the source it names. A quote either is in the
// source, with the original span and the weakest [Tier] of normalization
// the match needed, or it is not, with a [Reason] and, where one exists, the
// nearest candidate as a hint. Nothing is ever "close enough": the hint is
// never counted as found.
//
//	ix, err := quote.NewIndex(report)
//	m, err := ix.Find("net income was $5,007 million", quote.Options{})
//	// m.Found, m.Tier == quote.Case, report[m.Start:m.End] == m.Text
//
// # Canonical form
//
// Write F_t(x) for one pass of the fold of tier t over the text x, and
// N_t(x) for F_t applied until nothing changes; [Normalize] returns N_t(x).
// F_t applies the folds of every tier up to t, listed below. The index holds
// F_Markup(source), with every letter case-folded, and a map from its
// offsets back to the source's bytes; a quote q is searched as F_Markup(q),
// and each occurrence is then checked tier by tier on the original span s:
// the match's tier is the first t with s == q (for [Exact]) or F_t(s) ==
// F_t(q), where the check's F_t keeps the case of unit tokens (below),
// reading s where it stands in the source and q as if it stood there, and
// from the case tier on the unit tokens of both also agree as the markup
// tier reads them. Search and check use the same folds, so a reported span
// always folds to the folded quote.
//
// The fold is a fixed table, not NFKC. NFKC turns "10²" into "102" and "½"
// into "1⁄2"; here superscripts, fractions and every other digit-bearing
// character are left alone, and no fold produces or removes a digit, sign,
// decimal point or currency symbol.
//
// # Tiers
//
// In order of strength, each adding to the ones before it:
//
//   - exact: the span is the quote, byte for byte (after the quote is
//     trimmed of surrounding whitespace).
//   - whitespace: runs of Unicode white space (line breaks, tabs, NBSP, form
//     feeds at page breaks) fold to one space.
//   - case: Unicode simple case folding, one representative per
//     [unicode.SimpleFold] orbit within one script; also ß and ẞ to "ss",
//     and Turkish İ and ı to "i". Letters of different scripts never fold
//     alike: Greek capital mu "Μg" is not the micro sign "µg", and Greek,
//     Cyrillic and Latin look-alikes stay apart. A unit token keeps its
//     case: a run of at most four letters beside a decimal digit run of
//     any script, glued to it or up to three spaces or dashes away, before
//     or after it ("500 MW", "500 – MW",
//     "5bn", "500-MW", "EUR 20"), read after markup, invisible characters
//     and dashes are folded ("500 **MW**", "500–MW"); a run written with
//     a lower-case letter before an upper-case one ("mW", "kWh") keeps its
//     case wherever it stands, as in a column heading "Capacity (MW)". So "500 MW" does not
//     match "500 mW", "20 M euros" not "20 m euros", "100 MB" not "100 Mb",
//     and "mW of capacity" not the "MW of capacity" of "500 MW of
//     capacity". The test is plain text, not a reading of the number, so
//     short words beside numbers keep their case too ("PAGE 5 OF 9" matches
//     "page 5 of 9" at no tier); longer words ("MILLION", "Euros") fold.
//   - typography: curly quotes, primes and guillemets to ' and ", dashes and
//     U+2212 minus to "-", "…" to "...", ligatures (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) to
//     letters; zero-width characters and BOM dropped; a soft hyphen dropped,
//     and the white space after it with it only when that holds a line
//     break ("not\u00ad able" is "not able", never "notable").
//   - hyphenation: a hyphen (-, U+2010, U+2011) between two letters at a
//     line break is dropped with the break, so "inter-\nnational" matches
//     "international" and, read as a compound, "inter-national". A hyphen
//     inside a line is a word's own: "re-sign" never matches "resign".
//   - markup: markdown emphasis (* and _), backticks, heading marks at the
//     start of a line, and simple HTML tags of known names are dropped; block
//     tags such as <p> and <br> fold to a space. Deleted or struck text
//     (<del>, <s>, <strike>) is dropped with its content, up to the close
//     tag or, when there is none, the end of the paragraph: a redline's
//     deleted "not" is not read as present. A struck tag counts however it
//     is written: in any case, with attributes (quoted values may hold
//     ">"), with space before its ">", or with the slash of a self-closing
//     tag ("<del/>"), which HTML ignores on these elements. Markdown's
//     strikethrough, "~~text~~", is dropped with its content the same way
//     when it is closed within its paragraph, as is an element whose inline
//     style strikes or hides it (text-decoration: line-through,
//     display: none) or that carries the hidden attribute, an HTML comment
//     (to its "-->", or the end of the text) and a <script>, <style> or
//     <template> (to its close tag, blank lines and all). HTML character references are read as the characters they
//     print ("&minus;5" is "−5", "27&nbsp;000" is "27 000"), except those
//     of markup characters ("&amp;", "&lt;", "&#42;"), which stay as written.
//     A byte-for-byte match inside anything this tier drops is no match.
//   - elided: only with [Options.Ellipsis], "A … B" finds A, then B within
//     [Options.MaxGap] bytes.
//
// # What never matches
//
// A match starts and ends at word boundaries. A quote that starts or ends
// with a number must not sit inside a longer number ("5,007" in "15,007" or
// "5,007.5"), next to a sign or currency symbol it lacks ("4.3%" in "-4.3%",
// "5,007" in "$5,007") or before a percent sign. Markup or an invisible
// character removed between two digits leaves a space, so "10<sup>2</sup>"
// does not read as "102". Quotes that are empty or shorter than
// [Options.MinWords] words or [Options.MinChars] characters are refused as
// [TooShort].
//
// A match that leaves out a negation is no match: an occurrence right after
// "not", "no", "never", "non", "cannot", "without", "neither", "nor", "fails
// to", a word ending in "n't" or such a word whose apostrophe was lost
// ("doesnt"), with only spaces, dashes and an opening quotation mark or
// bracket between (markup and line breaks folded away), or right after
// "un-", is reported as [NegationCut] with the fuller span as Nearest, as is
// an elided match whose ellipsis stands for text holding one. Punctuation
// ends a negation's reach: a quote that starts after "No." or "no;" is
// found. A word that merely contains a negation ("unable", "casino") does
// not count; word boundaries already keep "able" out of "unable".
//
// Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
// U+061C) can make text display in another order than its bytes. They and
// the text inside an embedding, override or isolate (up to its closing
// character or the end of the paragraph) fold to a barrier that matches
// nothing, so such text is found only byte for byte, at the exact tier. A
// quote that holds bidi controls is likewise matched only exactly, and is
// otherwise reported as [BidiControl].
//
// # Positions
//
// Start and End are byte offsets into the original source, [Start, End).
// Lines and columns are 1-based; lines end at '\n' and columns count bytes.
//
// # JSON
//
// A [Request] is answered with a [Report], the contract of the quote
// command and tool: [Check] returns the results only when every quote was
// found, and otherwise a [*ReportError] holding the report:
//
//	in:  {"quotes": [{"id": "q1", "source": "annual-report", "text": "net income was $5,007 million"}]}
//	out: {"ok": true, "results": [{"id": "q1", "found": true, "source": "annual-report",
//	      "tier": "case", "start": 1042, "end": 1073, "line": 18, "column": 5,
//	      "matched": "Net income was $5,007 million", "reason": "", "nearest": null}]}
//
// A quote found only in another source is [WrongSource]: misattributed, not
// fabricated. The tier a match needed is always in the answer, and a policy
// ([Options].Tiers, or "tiers" in the request) may accept only some tiers;
// a match at another tier is [TierNotAccepted].
//
// # Cost
//
// A lookup goes through a hash table of word starts: a quote's rarest long
// word (four bytes or more) when it has one, otherwise its rarest short word
// in a second table, built the first time a quote needs it. Only a quote
// with no word start eight bytes from its end scans the text. A quote not
// in its source is looked up, folded once, in every other source's index.
//
// # Numbers and markers
//
// [ContainsNumber] says whether a printed number is in a text as a whole
// token, for checking that an input's printed value is in its cited quote.
// [NeedsInput] lists the "[NEEDS INPUT: question]" markers a model leaves
// where it lacks information.
package quote
