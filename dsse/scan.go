package dsse

import (
	"unicode/utf8"

	"github.com/reckonhq/reckon/internal/jsonscan"
)

// scanEnvelope reads an envelope laid out exactly as encoding/json writes
// [Envelope], with no escape in any string, without walking JSON tokens one
// by one: [Decode] is otherwise a large share of verifying a receipt.
// Anything else, including every input the strict decoder refuses, reports
// false and goes to the strict decoder; FuzzScanEnvelope holds the two to
// the same result.
func scanEnvelope(p []byte) (*Envelope, bool) {
	if plainBytes(p) < len(p) || !utf8.Valid(p) {
		return nil, false // escapes, invalid text and raw control bytes are the strict decoder's to judge
	}
	s := jsonscan.New(p)
	env := &Envelope{Signatures: []Signature{}}
	s.Lit(`{"payloadType":`)
	env.PayloadType = s.Str()
	s.Lit(`,"payload":`)
	env.Payload = s.Str()
	s.Lit(`,"signatures":[`)
	for i := 0; s.OK() && s.Peek() != ']'; i++ {
		if i > 0 {
			s.Lit(",")
		}
		var sig Signature
		s.Lit(`{"keyid":`)
		sig.KeyID = s.Str()
		s.Lit(`,"sig":`)
		sig.Sig = s.Str()
		s.Lit(`}`)
		env.Signatures = append(env.Signatures, sig)
	}
	s.Lit(`]}`)
	if !s.Done() || len(env.Signatures) > MaxSignatures {
		return nil, false
	}
	return env, true
}

// plainBytes returns the length of p's prefix that holds no backslash and
// no control byte. A byte loop: a rune predicate cost as much as the rest
// of reading an envelope.
func plainBytes(p []byte) int {
	for i, c := range p {
		if c < ' ' || c == '\\' {
			return i
		}
	}
	return len(p)
}
