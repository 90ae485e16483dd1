// Package visible decides, from Unicode's own character properties, whether
// text shows anything to a reader. It is the one home of that question for
// the module: a policy that requires a value and a rubric name that a model
// copies both ask it, so a value made only of a zero-width space, a braille
// blank or a Hangul filler cannot pass for one, and two names cannot differ
// by a character no one sees.
//
// The rules, each taken from a Unicode property rather than a list of
// characters written by hand:
//
//   - [Ignorable] is Default_Ignorable_Code_Point as DerivedCoreProperties
//     defines it: Other_Default_Ignorable_Code_Point, format characters (Cf)
//     and variation selectors, less white space, the interlinear annotation
//     characters, the Egyptian hieroglyph format controls and the
//     prepended concatenation marks.
//   - [Bidi] is Bidi_Control: the embeddings, overrides, isolates and marks
//     that reorder text on screen without being seen.
//   - [Rune] is true for a graphic character (letters, marks, numbers,
//     punctuation, symbols) that is not white space, not default-ignorable,
//     not a combining mark on its own and not the braille blank.
package visible

import (
	"unicode"
	"unicode/utf8"
)

// brailleBlank is U+2800, the braille pattern with no dot raised. The
// braille block encodes the raised dots as the bits of r − U+2800, so the
// pattern with none is its first code point. It is a graphic symbol (So)
// that no other property marks, yet it prints nothing.
const brailleBlank = '\u2800'

// Ignorable reports whether r is a Default_Ignorable_Code_Point: a
// character that renders as nothing when a font has no glyph for it, such
// as U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN, U+3164 HANGUL FILLER or a
// variation selector. The derivation is Unicode's own (see the package
// documentation).
func Ignorable(r rune) bool {
	if !unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Cf, unicode.Variation_Selector) {
		return false
	}
	switch {
	case unicode.Is(unicode.White_Space, r), unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	case 0xFFF9 <= r && r <= 0xFFFB: // interlinear annotation characters
		return false
	case unicode.Is(unicode.Egyptian_Hieroglyphs, r) && unicode.Is(unicode.Cf, r):
		return false // hieroglyph format controls shape what is shown
	}
	return true
}

// Bidi reports whether r is a Bidi_Control character, such as U+202E
// RIGHT-TO-LEFT OVERRIDE: it shows nothing and changes the order in which
// the characters around it are shown.
func Bidi(r rune) bool { return unicode.Is(unicode.Bidi_Control, r) }

// Rune reports whether r puts ink on the page by itself.
func Rune(r rune) bool {
	switch {
	case r == brailleBlank || r == utf8.RuneError:
		return false
	case unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return true // format characters Unicode itself says should be visible
	case !unicode.IsGraphic(r), unicode.Is(unicode.White_Space, r), unicode.Is(unicode.M, r):
		return false
	}
	return !Ignorable(r)
}

// In reports whether s is valid UTF-8 and holds at least one visible
// character. It is false for "", white space, control characters and any
// run of invisible characters such as "\u200b" or "\u2800".
func In(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if Rune(r) {
			return true
		}
	}
	return false
}

// Hidden returns the byte offset in s of the first character that is
// default-ignorable or a bidirectional control, and -1 when s holds none.
// Such a character makes two strings that look the same compare unequal,
// or shows the ones around it in another order.
func Hidden(s string) int {
	for i, r := range s {
		if Ignorable(r) || Bidi(r) {
			return i
		}
	}
	return -1
}
