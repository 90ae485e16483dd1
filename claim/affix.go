package claim

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// maxNounWords bounds the words read after a count as its noun: enough for
// "matching legal documents", short enough not to swallow a clause.
const maxNounWords = 3

// currency records a currency sign, code or name printed with the number.
func (s *scanner) currency(sym string, codes []string) {
	s.cur.Kind, s.cur.Symbol, s.cur.Currencies = units.KindCurrency, sym, codes
	s.seen.unit = true
}

// closers skips the Markdown emphasis that closes around a number, "**",
// "__", "*", "_" or "~~", so that the words after it are read: "**27**
// documents".
func closers(t string, j int) int {
	k := j
	for k < len(t) && k-j < 3 && (t[k] == '*' || t[k] == '_' || t[k] == '~') {
		k++
	}
	if k < len(t) && isWordByte(t[k]) {
		return j // intraword: not a closer
	}
	return k
}

// suffix reads what may follow the number the reader read, after at most
// one space and past closing emphasis: a unit word (days, months, years), a
// currency name or code, or the noun of a count. The reader has read the
// sign, currency sign or code, scale, percent, pp, bp and ratio.
func (s *scanner) suffix() {
	t, m := s.text, s.cur
	c := closers(t, s.pos)
	defer s.openers(s.pos, c)
	if s.seen.unit {
		return
	}
	p := skipSpace(t, c)
	w, e := word(t, p)
	if w == "" {
		return
	}
	if end, ok := s.unitWords(p, w, e); ok {
		m.End = end
		return
	}
	if m.integer() && (!s.yearShaped() || countNoun(t, p)) && !stopword(w) && w[0] >= 'a' && w[0] <= 'z' {
		s.noun(p)
	}
}

// openers takes into the mention the emphasis that opens before it when
// the words after its closer t[j:c] were read: "**27** documents".
func (s *scanner) openers(j, c int) {
	t, m := s.text, s.cur
	n := c - j
	if n == 0 || m.End <= c || m.Start-n < s.floor || t[m.Start-n:m.Start] != t[j:c] {
		return
	}
	m.Start -= n
}

// unitWords reads a unit printed as one or two words at p, whose first word
// w ends at e.
func (s *scanner) unitWords(p int, w string, e int) (int, bool) {
	t, m := s.text, s.cur
	lw := strings.ToLower(w)
	if w2, e2 := word(t, skipSpace(t, e)); w2 != "" && e2 > e {
		two := lw + " " + strings.ToLower(w2)
		if two == "per cent" {
			m.Kind = units.KindPercent
			return e2, true
		}
		if u, err := units.ParseUnit(two); err == nil && u.Dimensionless() {
			m.Kind = u.Kind()
			return e2, true
		}
		if codes := numeral.CurrencyNameCurrencies(two); codes != nil {
			s.currency(t[p:e2], codes)
			return e2, true
		}
	}
	if codes := numeral.CurrencyNameCurrencies(lw); codes != nil {
		s.currency(w, codes)
		return e, true
	}
	if k := unitKeyword(lw); k != 0 {
		m.Kind = k
		return e, true
	}
	return 0, false
}

// unitKeyword returns the kind of a unit word prose prints after a number:
// percent, pct, pp, bp, bps and the time units. Other keywords of
// [units.ParseUnit] (number, ratio, count) read as nouns in prose.
func unitKeyword(lw string) units.Kind {
	if lw == "ratio" || lw == "number" || lw == "count" || lw == "x" {
		return 0
	}
	if k, ok := keywordCache.Load(lw); ok {
		return k.(units.Kind)
	}
	var k units.Kind
	if u, err := units.ParseUnit(lw); err == nil && u.Currency() == "" {
		k = u.Kind()
	}
	if keywordCacheSize.Add(1) <= maxKeywordCache {
		keywordCache.Store(lw, k)
	}
	return k
}

// keywordCache remembers what [units.ParseUnit] said of each word seen
// after a number, since most words are not units and building its error is
// the costliest step of extraction. It holds at most maxKeywordCache words,
// so that hostile text cannot grow it without bound.
var (
	keywordCache     sync.Map
	keywordCacheSize atomic.Int64
)

const maxKeywordCache = 4096

// timeKind returns the kind of a time unit word, or 0.
func timeKind(w string) units.Kind {
	switch k := unitKeyword(strings.ToLower(w)); k {
	case units.KindDays, units.KindMonths, units.KindYears:
		return k
	}
	return 0
}

// noun reads the words of a count's noun at p: up to maxNounWords
// lower-case words, stopping at punctuation or a stopword.
func (s *scanner) noun(p int) {
	t, m := s.text, s.cur
	var words []string
	end := p
	for len(words) < maxNounWords {
		w, e := word(t, p)
		if len(w) < 2 || w[0] < 'a' || w[0] > 'z' || stopword(w) || unitKeyword(w) != 0 {
			break
		}
		words, end = append(words, w), e
		if p = skipSpace(t, e); p == e {
			break
		}
	}
	if len(words) == 0 {
		return
	}
	m.Kind, m.Noun, m.End = units.KindCount, strings.Join(words, " "), end
}
