package dsse

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
)

// MaxEnvelopeSize is the largest encoded envelope, in bytes, that
// [Decode] reads. A receipt payload is a few kilobytes (the formula,
// its inputs with their quotes, the expanded expression and the result), and
// base64 adds a third; 1 MiB leaves two orders of magnitude of headroom while
// bounding what an untrusted envelope can make a verifier allocate and scan.
const MaxEnvelopeSize = 1 << 20

// MaxSignatures is the largest number of signatures an envelope may carry.
// Verification tries each signature against the trusted keys, so the cap
// bounds its cost; 100 is the cap golang.org/x/mod/sumdb/note places on the
// signatures of a note.
const MaxSignatures = 100

// Envelope is a DSSE v1 envelope in its JSON form: a payload, its type, and
// one or more signatures over [PAE] of the two. Field names are those of the
// DSSE specification, so other DSSE implementations read and write it.
//
// [Sign] writes Payload and each Sig in standard base64 with padding.
// Readers accept what DSSE requires verifiers to accept: the standard or the
// URL-safe alphabet, with or without padding, but not a mixture of alphabets,
// line breaks or non-zero trailing bits.
type Envelope struct {
	PayloadType string      `json:"payloadType"` // what the payload is; authenticated
	Payload     string      `json:"payload"`     // the signed bytes, base64
	Signatures  []Signature `json:"signatures"`  // at least one, at most MaxSignatures
}

// DecodedPayload returns the payload's bytes, decoded from base64 as
// [Verify] decodes them, without checking any signature: what the
// envelope claims, to be trusted only after Verify.
func (env *Envelope) DecodedPayload() ([]byte, error) {
	if env == nil {
		return nil, sigErr(fault.BadEnvelope, "", "no envelope")
	}
	p, err := decodeBase64(env.Payload)
	if err != nil {
		return nil, sigErr(fault.BadPayloadEncoding, hintReencode, "payload is not base64: %v", err)
	}
	return p, nil
}

// Signature is one signature in an [Envelope].
type Signature struct {
	KeyID string `json:"keyid"` // unauthenticated hint naming the key; see KeyID
	Sig   string `json:"sig"`   // Ed25519 signature over PAE, base64
}

// PAE returns the DSSE v1 pre-authentication encoding of a payload and its
// type, the bytes that are actually signed:
//
//	"DSSEv1" SP LEN(type) SP type SP LEN(body) SP body
//
// where SP is one ASCII space and LEN is the byte length in ASCII decimal
// without leading zeros. Signing the type with the body keeps a signature over
// one kind of payload from being replayed as another.
func PAE(payloadType string, payload []byte) []byte {
	const prefix = "DSSEv1 "
	// Room for the prefix, two lengths of up to 20 digits, three spaces and
	// the two strings: one allocation.
	b := make([]byte, 0, len(prefix)+2*20+3+len(payloadType)+len(payload))
	b = append(b, prefix...)
	b = strconv.AppendInt(b, int64(len(payloadType)), 10)
	b = append(b, ' ')
	b = append(b, payloadType...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(len(payload)), 10)
	b = append(b, ' ')
	return append(b, payload...)
}

// encodeBase64 is the one encoding the signing side writes.
func encodeBase64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// decodeBase64 decodes standard or URL-safe base64, padded or not, as DSSE
// requires of verifiers. The alphabet is chosen by the characters present, so
// a string that mixes them fails; Strict rejects non-zero trailing bits, so
// each byte string has one spelling per alphabet and padding. Go's decoders
// skip CR and LF, which would let one value have many spellings, so they are
// refused first.
func decodeBase64(s string) ([]byte, error) {
	// IndexByte is vectorised; four scans of a payload beat one ContainsAny.
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		return nil, errors.New("line break in base64")
	}
	urlSafe := strings.IndexByte(s, '-') >= 0 || strings.IndexByte(s, '_') >= 0
	padded := strings.HasSuffix(s, "=")
	var enc *base64.Encoding
	switch {
	case urlSafe && padded:
		enc = base64.URLEncoding
	case urlSafe:
		enc = base64.RawURLEncoding
	case padded:
		enc = base64.StdEncoding
	default:
		enc = base64.RawStdEncoding
	}
	return enc.Strict().DecodeString(s)
}

// Decode parses a JSON DSSE envelope strictly. It refuses, with a
// [*fault.Error]:
//
//   - input longer than [MaxEnvelopeSize] (envelope_too_large);
//   - more than [MaxSignatures] signatures (too_many_signatures);
//   - and as bad_envelope: invalid UTF-8 anywhere, invalid JSON, a value of
//     the wrong JSON type (null included), unknown fields, duplicate fields,
//     fields whose names differ from the specification's only in case (which
//     encoding/json would silently accept), a missing payloadType, payload,
//     signatures or sig, and anything after the envelope but white space.
//
// A signature's keyid may be absent, as DSSE allows. Decode checks
// structure only; [Verify] checks the signatures, and the package that
// reads the payload (receipt.Open, for a receipt) checks its contents.
func Decode(data []byte) (*Envelope, error) {
	if len(data) > MaxEnvelopeSize {
		return nil, sigErr(fault.EnvelopeTooLarge, "split the batch, or send receipts one at a time",
			"envelope is %d bytes, more than the limit of %d", len(data), MaxEnvelopeSize)
	}
	// encoding/json turns invalid UTF-8 into U+FFFD without complaint, so
	// the check has to happen on the raw bytes.
	if !utf8.Valid(data) {
		return nil, sigErr(fault.BadEnvelope, hintReencode, "envelope is not valid utf-8")
	}
	if env, ok := scanEnvelope(data); ok {
		return env, nil
	}
	d := envDecoder{dec: json.NewDecoder(bytes.NewReader(data))}
	env, err := d.envelope()
	if err != nil {
		var se *fault.Error
		if errors.As(err, &se) {
			return nil, se
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			err = errors.New("unexpected end of input")
		}
		return nil, sigErr(fault.BadEnvelope, hintReencode, "decode envelope: offset %d: %v", d.dec.InputOffset(), err)
	}
	return env, nil
}

// envDecoder walks the JSON tokens of an envelope. Walking tokens, rather
// than unmarshalling into a struct, is what lets it see each key exactly as
// written: encoding/json matches field names case-insensitively and lets a
// later duplicate overwrite an earlier one. It never descends into a value
// it does not expect, so nesting depth is bounded by the envelope's shape.
type envDecoder struct {
	dec *json.Decoder
}

var (
	envelopeFields  = []string{"payloadType", "payload", "signatures"}
	signatureFields = []string{"keyid", "sig"}
)

func (d *envDecoder) envelope() (*Envelope, error) {
	if err := d.delim('{'); err != nil {
		return nil, err
	}
	env := new(Envelope)
	var seen [3]bool
	for d.dec.More() {
		i, err := d.key(envelopeFields, seen[:])
		if err != nil {
			return nil, err
		}
		switch i {
		case 0:
			env.PayloadType, err = d.str(envelopeFields[i])
		case 1:
			env.Payload, err = d.str(envelopeFields[i])
		case 2:
			env.Signatures, err = d.signatures()
		}
		if err != nil {
			return nil, err
		}
	}
	if err := d.delim('}'); err != nil {
		return nil, err
	}
	if tok, err := d.dec.Token(); err != io.EOF {
		if err == nil {
			err = fmt.Errorf("found %s", describe(tok))
		}
		return nil, fmt.Errorf("data after envelope: %w", err)
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("missing field %q", envelopeFields[i])
		}
	}
	return env, nil
}

func (d *envDecoder) signatures() ([]Signature, error) {
	if err := d.delim('['); err != nil {
		return nil, fmt.Errorf("field \"signatures\": %w", err)
	}
	sigs := []Signature{}
	for d.dec.More() {
		if len(sigs) == MaxSignatures {
			return nil, tooManySignatures()
		}
		s, err := d.signature()
		if err != nil {
			return nil, fmt.Errorf("signature %d: %w", len(sigs), err)
		}
		sigs = append(sigs, s)
	}
	return sigs, d.delim(']')
}

func (d *envDecoder) signature() (Signature, error) {
	var s Signature
	if err := d.delim('{'); err != nil {
		return s, err
	}
	var seen [2]bool
	for d.dec.More() {
		i, err := d.key(signatureFields, seen[:])
		if err != nil {
			return s, err
		}
		if i == 0 {
			s.KeyID, err = d.str(signatureFields[i])
		} else {
			s.Sig, err = d.str(signatureFields[i])
		}
		if err != nil {
			return s, err
		}
	}
	if !seen[1] {
		return s, errors.New("missing field \"sig\"")
	}
	return s, d.delim('}')
}

// key reads an object key, requires it to be one of fields spelled exactly,
// and marks it seen, refusing a second occurrence. It returns its index.
func (d *envDecoder) key(fields []string, seen []bool) (int, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return 0, err
	}
	k, _ := tok.(string) // inside an object, Token returns keys as strings
	for i, f := range fields {
		switch {
		case k == f && seen[i]:
			return 0, fmt.Errorf("duplicate field %q", k)
		case k == f:
			seen[i] = true
			return i, nil
		case strings.EqualFold(k, f):
			return 0, fmt.Errorf("field %q must be spelled %q", k, f)
		}
	}
	return 0, fmt.Errorf("unknown field %q", k)
}

// str reads a string value; null and every other JSON type are refused.
func (d *envDecoder) str(field string) (string, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("field %q must be a string, not %s", field, describe(tok))
	}
	return s, nil
}

// delim reads one token and requires it to be the delimiter want.
func (d *envDecoder) delim(want json.Delim) error {
	tok, err := d.dec.Token()
	if err != nil {
		return err
	}
	if got, ok := tok.(json.Delim); !ok || got != want {
		return fmt.Errorf("want %q, found %s", want, describe(tok))
	}
	return nil
}

// describe names a JSON token for an error message without echoing a long
// value back.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case json.Delim:
		return strconv.Quote(v.String())
	case string:
		return "a string"
	case bool:
		return "a boolean"
	default:
		return "a number"
	}
}

func tooManySignatures() *fault.Error {
	return sigErr(fault.TooManySignatures, "keep at most 100 signatures on one receipt",
		"envelope has more than %d signatures", MaxSignatures)
}
