package claim

import "strings"

// riseWords are the verbs and adverbs that, right before a number or
// before "by" and the number, say it went up: "grew 3%", "rose by 3%",
// "up 3%". "rose to 3%" states a level, not a change, and says nothing.
var riseWords = []string{"rose", "rise", "rises", "rising", "grew", "grow", "grows", "growing", "increased",
	"increase", "increases", "increasing", "gained", "gain", "gains", "climbed", "climbs", "jumped",
	"jumps", "up", "surged", "soared", "expanded", "advanced", "higher"}

// riseNouns name a rise before "of" and the number: "growth of 3%", "a
// gain of $5 million".
var riseNouns = []string{"rise", "increase", "gain", "gains", "growth", "jump", "surge", "expansion", "profit"}

// risesAt reports whether the words right before the number at start say
// it rose. Markup around the number ("grew **3%**") is skipped.
func risesAt(t string, start int) bool {
	w, p := prevWord(t, start)
	switch strings.ToLower(w) {
	case "by":
		v, _ := prevWord(t, p)
		return oneOf(v, riseWords)
	case "of":
		v, _ := prevWord(t, p)
		return oneOf(v, riseNouns)
	}
	return oneOf(w, riseWords)
}

// prevWord returns the run of ASCII letters that ends before i, past white
// space and emphasis marks, and its start; "" when something else is
// there.
func prevWord(t string, i int) (string, int) {
	j := i
	for j > 0 && (t[j-1] == ' ' || t[j-1] == '*' || t[j-1] == '_') {
		j--
	}
	k := j
	for k > 0 && isASCIILetter(t[k-1]) && j-k < 16 {
		k--
	}
	if k > 0 && isWordRune(lastRune(t[:k])) {
		return "", k
	}
	return t[k:j], k
}
