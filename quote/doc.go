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
// F_Markup(source) with a map from its offsets back to the source's bytes; a
// quote q is searched as F_Markup(q), and each occurrence is then checked
// tier by tier on the original span s: the match's tier is the first t with
// s == q (for [Exact]) or F_t(s) == F_t(q). Search and check use the same
// function, so a reported span always folds to the folded quote.
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
//     [unicode.SimpleFold] orbit; also ß and ẞ to "ss", and Turkish İ and ı
//     to "i".
//   - typography: curly quotes, primes and guillemets to ' and ", dashes and
//     U+2212 minus to "-", "…" to "...", ligatures (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) to
//     letters; zero-width characters and BOM dropped; a soft hyphen dropped
//     with the line break after it.
//   - hyphenation: a hyphen (-, U+2010, U+2011) between two letters is
//     dropped with any white space after it, so "inter-\nnational",
//     "inter-national" and "international" all fold alike.
//   - markup: markdown emphasis (* and _), backticks, heading marks at the
//     start of a line, and simple HTML tags of known names are dropped; block
//     tags such as <p> and <br> fold to a space.
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
// [Check] answers a [Request] with a [Report], the contract of the quote
// command and tool:
//
//	in:  {"quotes": [{"id": "q1", "source": "annual-report", "text": "net income was $5,007 million"}]}
//	out: {"ok": true, "results": [{"id": "q1", "found": true, "source": "annual-report",
//	      "tier": "case", "start": 1042, "end": 1073, "line": 18, "column": 5,
//	      "matched": "Net income was $5,007 million", "reason": "", "nearest": null}]}
//
// A quote found only in another source is [WrongSource]: misattributed, not
// fabricated.
//
// # Numbers and markers
//
// [ContainsNumber] says whether a printed number is in a text as a whole
// token, for checking that an input's printed value is in its cited quote.
// [NeedsInput] lists the "[NEEDS INPUT: question]" markers a model leaves
// where it lacks information.
package quote
