package corpus

// scaleWords are the scales a filer states, from the smallest: each is a
// thousand times the one before it, so a step along the list is the
// thousandfold slip (a table in millions read in thousands) that grounding
// must refuse.
var scaleWords = []string{"", "thousand", "million", "billion", "trillion"}

// scaleWord returns the contract's scale word for a filer's XBRL scale:
// 9 billion, 6 million, 3 thousand; 0 and −2 (a percent, whose scale is its
// unit) none.
func scaleWord(exp int) (string, bool) {
	switch exp {
	case 0, -2:
		return "", true
	case 3, 6, 9:
		return scaleWords[exp/3], true
	}
	return "", false
}

// scaleStep returns the scale by steps of a thousand from word: by 1 gives
// "billion" for "million", by −1 "thousand"; false when the list ends
// there, since there is no scale below ones.
func scaleStep(word string, by int) (string, bool) {
	for i, w := range scaleWords {
		if w == word && i+by >= 0 && i+by < len(scaleWords) {
			return scaleWords[i+by], true
		}
	}
	return "", false
}
