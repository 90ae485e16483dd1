package gen

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// words is the vocabulary of the filing text: the nouns, verbs and
// connectives of a 10-K's narrative sections. Scale words appear only
// after an amount ("$5,007 million"), as a filing prints them: a bare
// "in billion" of shuffled words would read as a declared scale.
var words = strings.Fields(`the company net income revenue operating expenses increased decreased
compared with prior fiscal year primarily due to higher lower sales membership fees
warehouse merchandise costs gross margin selling general administrative long-term debt
current portion lease liabilities cash equivalents investments interest expense tax
provision effective rate foreign currency exchange international operations segment
total assets shareholders equity dividends repurchases capital expenditures approximately
percent quarter ended results of as a and in for by on from were was
our we that which this these other related including impact changes net of amortization
depreciation goodwill impairment inventories receivables payable accrued obligations
Costco Washington Canada Mexico Japan Korea Taiwan Australia United Kingdom`)

// Filing returns about size bytes of filing-like text: paragraphs wrapped
// at 78 columns, some indented, amounts such as $5,007 million, (1,234) and
// 12.5%, tables whose columns are padded with runs of spaces, upper-case
// headings, and page breaks (form feeds) with a page header. It holds no
// markup characters, so the plain and the markup-aware normalizations of it
// agree.
func Filing(size int) string {
	rng := rand.New(rand.NewPCG(Seed, 2))
	b := make([]byte, 0, size+4096)
	page := 1
	for len(b) < size {
		switch r := rng.IntN(10); {
		case r == 0:
			page++
			b = append(b, "\f\nCOSTCO WHOLESALE CORPORATION  -  Page "...)
			b = strconv.AppendInt(b, int64(page), 10)
			b = append(b, "\n\n"...)
		case r == 1:
			b = append(b, strings.ToUpper(words[rng.IntN(len(words))])...)
			b = append(b, ' ')
			b = append(b, strings.ToUpper(words[rng.IntN(len(words))])...)
			b = append(b, "\n\n"...)
		case r <= 3:
			b = table(b, rng)
		default:
			b = paragraph(b, rng)
		}
	}
	return string(b)
}

// paragraph appends a wrapped paragraph of a few sentences.
func paragraph(b []byte, rng *rand.Rand) []byte {
	indent := ""
	if rng.IntN(3) == 0 {
		indent = "    "
	}
	lineStart := len(b)
	b = append(b, indent...)
	sentences := 2 + rng.IntN(4)
	for s := range sentences {
		n := 8 + rng.IntN(14)
		for w := range n {
			tok := token(rng)
			if w == 0 {
				tok = strings.ToUpper(tok[:1]) + tok[1:]
			}
			if w == n-1 {
				tok += "."
			} else if rng.IntN(12) == 0 {
				tok += ","
			}
			if len(b)-lineStart+len(tok) > 78 {
				b = append(b, '\n')
				lineStart = len(b)
				b = append(b, indent...)
			} else if !(s == 0 && w == 0) {
				b = append(b, ' ')
			}
			b = append(b, tok...)
		}
	}
	return append(b, "\n\n"...)
}

// token returns a word or, one time in six, an amount.
func token(rng *rand.Rand) string {
	if rng.IntN(6) != 0 {
		return words[rng.IntN(len(words))]
	}
	switch rng.IntN(4) {
	case 0:
		return "$" + western(rng.IntN(99999)+1) + " million"
	case 1:
		return "(" + western(rng.IntN(9999)+1) + ")"
	case 2:
		return strconv.Itoa(rng.IntN(60)) + "." + strconv.Itoa(rng.IntN(10)) + "%"
	default:
		return strconv.Itoa(2000 + rng.IntN(25))
	}
}

// table appends a few rows of label and right-aligned amounts.
func table(b []byte, rng *rand.Rand) []byte {
	rows := 3 + rng.IntN(6)
	for range rows {
		label := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))]
		label = strings.ToUpper(label[:1]) + label[1:]
		b = append(b, label...)
		for i := len(label); i < 40; i++ {
			b = append(b, ' ')
		}
		for range 3 {
			amt := western(rng.IntN(999999) + 1)
			for i := len(amt); i < 12; i++ {
				b = append(b, ' ')
			}
			b = append(b, "$ "...)
			b = append(b, amt...)
		}
		b = append(b, '\n')
	}
	return append(b, '\n')
}

func western(n int) string { return groupWestern(strconv.Itoa(n)) }

// Quotes returns n quotes of text as a model would transcribe them: runs
// of 6 to 12 whole words at spread positions, joined by single spaces,
// case kept. A quote never starts inside an amount's parentheses or spans a
// page header's dash, so each one is in text under any of the
// normalizations compared.
func Quotes(text string, n int) []string {
	rng := rand.New(rand.NewPCG(Seed, 3))
	quotes := make([]string, 0, n)
	for len(quotes) < n {
		p := rng.IntN(len(text) - 400)
		for p < len(text) && !isSpace(text[p]) {
			p++
		}
		fields := strings.Fields(text[p : p+400])
		k := 6 + rng.IntN(7)
		if len(fields) < k+1 {
			continue
		}
		q := strings.Join(fields[:k], " ")
		if strings.ContainsAny(q, "()-") {
			continue
		}
		quotes = append(quotes, q)
	}
	return quotes
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\f' || c == '\t' }

// Plain is the reference normalization: white space runs to one space,
// lower case, as Python's " ".join(s.split()).lower() does for this text.
func Plain(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}
