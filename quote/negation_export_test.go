package quote

import "testing"

func TestIsNegation(t *testing.T) {
	for _, tc := range []struct {
		word   string
		dashed bool
		want   bool
	}{
		{"not", false, true}, {"Never", false, true}, {"doesn’t", false, true}, {"isnʼt", false, true},
		{"doesnt", false, true}, {"without", false, true}, {"non", false, true}, {"un", true, true},
		{"un", false, false}, {"nonprofit", false, false}, {"under", false, false}, {"note", false, false},
	} {
		if got := IsNegation(tc.word, tc.dashed); got != tc.want {
			t.Errorf("IsNegation(%q, %v) = %v, want %v", tc.word, tc.dashed, got, tc.want)
		}
	}
	if !IsFailVerb("Fails") || IsFailVerb("fall") {
		t.Error("IsFailVerb")
	}
}
