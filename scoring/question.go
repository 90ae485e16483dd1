package scoring

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/visible"
	"golang.org/x/text/unicode/norm"
)

// This file checks the question of a "[NEEDS INPUT: question]" marker. The
// question is the one free text of the format, and it is copied into the
// report for a person to read, so it keeps the rule of every other line: no
// number, score, weight, percentage or verdict outside a quote, and every
// quote a passage of the sources (which [Score] checks). Otherwise a
// question could carry the made-up total the format has no place for:
// "[NEEDS INPUT: the total fit score is 98/100 (98%); confirm?]".

// maxQuestionBytes bounds the question of a NEEDS INPUT marker. A question
// is one sentence that a person answers; three hundred bytes hold two lines
// of prose, several times the longest honest question we have seen, and
// keep the report's needs_input list readable rather than a channel for
// text.
const maxQuestionBytes = 300

// numberWords are the spelled-out numbers a question may not hold outside
// a quote, so that "ninety-eight out of a hundred" is refused as 98/100 is.
// "one" is left out: "which one" and "one of" ask, they do not count.
var numberWords = []string{"zero", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
	"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
	"hundred", "hundreds", "thousand", "thousands", "million", "millions", "billion", "billions",
	"dozen", "half", "quarter", "cent"}

// gluedNumberWords are the spelled-out numbers that still count when glued
// to more letters ("ninetyeight", "onehundred", "fiftyfold"): no common word
// starts with them, and the magnitudes of seven letters or more are caught
// anywhere in a word. The short ones of numberWords ("ten", "cent",
// "half") begin too many words ("tenant", "central") to count glued.
var gluedNumberWords = []string{"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
	"hundred", "thousand", "million", "billion"}

// checkQuestion reports the first problem with a question at line n: its
// length, an unclosed quotation mark, or a number, score word, verdict word
// or spelled-out number outside its quotes. It returns false when it
// recorded one.
func (p *parser) checkQuestion(n int, q string) bool {
	if len(q) > maxQuestionBytes {
		p.fail(n, fault.QuestionTooLong, "ask one short question; quote the sources for anything longer",
			"the question is %d bytes, more than the limit of %d", len(q), maxQuestionBytes)
		return false
	}
	if i := visible.Hidden(q); i >= 0 {
		// An invisible character can split a word the checks below look
		// for ("to\u200btal"), and a bidi control can show a person the
		// question in another order than it is written.
		p.fail(n, fault.MalformedMarker, "write the question in plain visible text",
			"the question holds %s", hiddenRune(q))
		return false
	}
	outside, quoted, ok := splitQuoted(q)
	if !ok {
		p.fail(n, fault.MalformedMarker, "close every quotation mark in the question",
			"the question has an unclosed quotation mark")
		return false
	}
	for _, passage := range quoted {
		if strings.TrimSpace(passage) == "" {
			p.fail(n, fault.MalformedMarker, "quote words of a source in the question, or no quotation marks at all",
				"the question quotes nothing")
			return false
		}
	}
	if !p.numberFree(n, outside) {
		return false
	}
	if w := countingWord(outside); w != "" {
		p.fail(n, fault.ScoreInQuestion, "ask in words that do not rate or count; quote the sources for figures",
			"the question holds %q: a question may not hold a score, weight, total, percentage, verdict or number", w)
		return false
	}
	return true
}

// splitQuoted separates the text of q outside double quotation marks from
// the passages inside them. A passage opens with " or “ and closes at the
// next " or ”, in any pairing, as a citation's quote does; ok is false when
// one is left open. The outside text keeps a space where each passage was,
// so the words around it stay apart.
func splitQuoted(q string) (outside string, quoted []string, ok bool) {
	var b strings.Builder
	for {
		i := strings.IndexAny(q, "\"“")
		if i < 0 {
			b.WriteString(q)
			return b.String(), quoted, true
		}
		b.WriteString(q[:i])
		b.WriteByte(' ')
		_, size := utf8.DecodeRuneInString(q[i:])
		rest := q[i+size:]
		j := strings.IndexAny(rest, "\"”")
		if j < 0 {
			return b.String(), quoted, false
		}
		quoted = append(quoted, rest[:j])
		_, size = utf8.DecodeRuneInString(rest[j:])
		q = rest[j+size:]
	}
}

// questionQuotes returns the passages a question quotes, for [Score] to
// find in the sources. The question has passed checkQuestion.
func questionQuotes(q string) []string {
	_, quoted, _ := splitQuoted(q)
	return quoted
}

// countingWord returns the first word of s that rates or counts: a word
// the score fields use (see scoreWord), a verdict word, or a spelled-out
// number. Words are runs of letters, compared in NFKC without regard to
// case, with Unicode folding, so "ſtrong" and full-width "ｓｃｏｒｅ" are
// caught as "strong" and "score" are: a refusal may match more loosely
// than an acceptance.
func countingWord(s string) string {
	for _, w := range strings.FieldsFunc(norm.NFKC.String(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		lw := strings.ToLower(w)
		if scoreWord(lw) {
			return w
		}
		for _, v := range Verdicts {
			if strings.EqualFold(w, verdictInfo[v].word) {
				return w
			}
		}
		for _, nw := range numberWords {
			if strings.EqualFold(w, nw) {
				return w
			}
		}
		for _, nw := range gluedNumberWords {
			if strings.HasPrefix(lw, nw) || len(nw) >= 7 && strings.Contains(lw, nw) {
				return w
			}
		}
	}
	return ""
}
