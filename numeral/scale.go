package numeral

import (
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
)

// Scale is a power of ten that a source states its amounts in: "in lakhs",
// "USD millions", "₹ crore". The zero Scale is [Ones]. Scales compare with ==
// by canonical word; two words may share a factor (billion and arab).
type Scale struct {
	i uint8 // index into scaleWords
}

// The scales, one per canonical word.
var (
	Ones     = Scale{0} // 10^0, the canonical word is the empty string
	Hundred  = Scale{1} // 10^2
	Thousand = Scale{2} // 10^3
	Lakh     = Scale{3} // 10^5, Indian numbering
	Million  = Scale{4} // 10^6
	Crore    = Scale{5} // 10^7, Indian numbering
	Billion  = Scale{6} // 10^9, the short scale
	Arab     = Scale{7} // 10^9, South Asian numbering
	Kharab   = Scale{8} // 10^11, South Asian numbering
	Trillion = Scale{9} // 10^12, the short scale
)

// scaleWords is the one table of scales: a canonical word, its power of ten,
// and every spelling accepted for it (matched case-insensitively). The
// long-scale "milliard" is left out on purpose: a model that meets it should
// say billion, so that no reader has to know which convention was meant.
var scaleWords = [...]struct {
	word    string
	exp     int
	aliases []string
}{
	{"", 0, []string{"", "units", "ones"}},
	{"hundred", 2, []string{"hundred", "hundreds"}},
	{"thousand", 3, []string{"thousand", "thousands", "k", "'000", "’000"}},
	{"lakh", 5, []string{"lakh", "lakhs", "lac", "lacs"}},
	{"million", 6, []string{"million", "millions", "mn", "m", "mm"}},
	{"crore", 7, []string{"crore", "crores", "cr"}},
	{"billion", 9, []string{"billion", "billions", "bn", "b"}},
	{"arab", 9, []string{"arab"}},
	{"kharab", 11, []string{"kharab"}},
	{"trillion", 12, []string{"trillion", "tn"}},
}

// scaleIndex maps every accepted spelling, lower-cased, to its table row.
var scaleIndex = func() map[string]uint8 {
	m := make(map[string]uint8)
	for i, s := range scaleWords {
		for _, a := range s.aliases {
			m[a] = uint8(i)
		}
	}
	return m
}()

// ParseScale returns the scale a word names, ignoring case and surrounding
// spaces. The empty string, "units" and "ones" are [Ones]. An unknown word is
// a [*fault.Error] with code unknown_scale that lists the known words.
func ParseScale(word string) (Scale, error) {
	if sc, ok := LookupScale(word); ok {
		return sc, nil
	}
	return Scale{}, errorf(fault.UnknownScale,
		"use one of: "+KnownScales()+"; or leave the scale empty and put the full number in display",
		"unknown scale %q", word).In("scale")
}

// LookupScale returns the scale word names, as [ParseScale] reads it, and
// whether it names one. It builds no error, for readers that ask of every
// word whether it is a scale.
func LookupScale(word string) (Scale, bool) {
	i, ok := scaleIndex[strings.ToLower(strings.TrimSpace(word))]
	return Scale{i}, ok
}

// KnownScales lists every accepted scale word, comma-separated, in table
// order.
func KnownScales() string {
	var words []string
	for _, s := range scaleWords {
		for _, a := range s.aliases {
			if a != "" && a != "’000" {
				words = append(words, a)
			}
		}
	}
	return strings.Join(words, ", ")
}

// Word returns the canonical word of s: "" for [Ones], otherwise the
// singular English or Indian word ("thousand", "lakh", "crore", …).
func (s Scale) Word() string { return scaleWords[s.i].word }

// String returns the canonical word, or "units" for [Ones].
func (s Scale) String() string {
	if s.i == 0 {
		return "units"
	}
	return s.Word()
}

// Exp returns the power of ten s stands for: 5 for a lakh.
func (s Scale) Exp() int { return scaleWords[s.i].exp }

// Factor returns 10^Exp as a new decimal with coefficient 1, so multiplying
// by it is exact and only moves the exponent.
func (s Scale) Factor() *apd.Decimal { return apd.New(1, int32(s.Exp())) }

// ForeignScale reports whether w, ignoring case and a final point, is a
// scale word the table does not read: a scale of another language or an
// abbreviation a display should not print ("Mio", "mln", "bln", "млн",
// "万"), or a multiplier left out on purpose (milliard; dozen, grand,
// quadrillion, the Indian neel and padma). A number before one is not the
// number it seems: "27 Mio." is 27 million, "$84 grand" $84,000. The quote
// check and prose extraction refuse it rather than read the number alone.
func ForeignScale(w string) bool {
	return foreignScales[strings.ToLower(strings.TrimSuffix(w, "."))]
}

// foreignScales is the one list behind [ForeignScale], lower-case.
var foreignScales = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`milliard milliards mio mrd mrds tsd millionen milliarden tausend
		millones millón mil mill milhões milhão bilhões bilhão milioni milione miliardi miliardo
		miljoen miljard miljoner miljon miljarder miljardi milioner mld mln bln bil bio trn trln thou lk lkh
		tys тыс млн млрд тысяч тысячи миллион миллиона миллионов миллиард миллиарда миллиардов
		juta ribu miliar triliun nghìn triệu tỷ 千 万 萬 亿 億 兆
		dozen dozens grand quadrillion quintillion sextillion zillion gazillion neel nil padma shankh`) {
		m[w] = true
	}
	return m
}()

// Subunit reports whether a word names a currency's hundredths: "p",
// "pence", "penny", "cents", "cent", "paise", "¢", ignoring case. It is
// the one list of them, for a word printed after a number ("45p") and for
// a label that states its numbers in them ("(cent)", "cents per share").
func Subunit(w string) bool {
	switch strings.ToLower(w) {
	case "p", "pence", "penny", "cents", "cent", "paise", "¢":
		return true
	}
	return false
}
