package receipt

import "fmt"

// Reason codes carried by [SignatureError]. They are stable: callers, logs and
// tool responses may branch on them, so a code is never renamed or reused.
const (
	// CodeEnvelopeTooLarge: the encoded envelope exceeds [MaxEnvelopeSize].
	CodeEnvelopeTooLarge = "envelope_too_large"
	// CodeBadEnvelope: the envelope is not well-formed DSSE JSON (syntax,
	// unknown, duplicate or case-variant fields, trailing data, a missing
	// field, invalid UTF-8).
	CodeBadEnvelope = "bad_envelope"
	// CodeUnknownPayloadType: the envelope's payloadType is not the one the
	// caller expects.
	CodeUnknownPayloadType = "unknown_payload_type"
	// CodeBadPayloadEncoding: the payload is not valid base64.
	CodeBadPayloadEncoding = "bad_payload_encoding"
	// CodeNoSignatures: the envelope carries no signatures at all.
	CodeNoSignatures = "no_signatures"
	// CodeTooManySignatures: the envelope carries more than [MaxSignatures].
	CodeTooManySignatures = "too_many_signatures"
	// CodeBadSignatureEncoding: a signature is empty, not valid base64, or not
	// [ed25519.SignatureSize] bytes long.
	CodeBadSignatureEncoding = "bad_signature_encoding"
	// CodeNoTrustedSignature: no signature verifies under any trusted key,
	// although at least one claims to come from one: the payload, its type
	// or the signature was altered.
	CodeNoTrustedSignature = "no_trusted_signature"
	// CodeUntrustedKey: no signature verifies under any trusted key, and every
	// signature names a key that is not trusted.
	CodeUntrustedKey = "untrusted_key"
	// CodeThresholdNotMet: some trusted keys signed, but fewer than required.
	CodeThresholdNotMet = "threshold_not_met"
	// CodeBadThreshold: the threshold is below one or above the number of
	// trusted keys, so no envelope could ever satisfy it.
	CodeBadThreshold = "bad_threshold"
	// CodeBadKey: a key is malformed: bad PEM, bad DER, wrong length, more
	// than one PEM block, or bytes around the block.
	CodeBadKey = "bad_key"
	// CodeUnsupportedKey: a key is well-formed but not Ed25519, or encrypted.
	CodeUnsupportedKey = "unsupported_key"
	// CodeDuplicateKey: a key ring was given the same key twice.
	CodeDuplicateKey = "duplicate_key"
	// CodeNoSigners: [SignEnvelope] was called without a signer.
	CodeNoSigners = "no_signers"
	// CodeBadPayloadType: [SignEnvelope] was given an empty or non-UTF-8
	// payload type.
	CodeBadPayloadType = "bad_payload_type"
)

// SignatureError reports why the signing layer refused an envelope, a key or
// a signing request. Callers that need the reason use [errors.As] and switch on
// Code, one of the Code constants above; Msg says what was wrong with this
// input and Hint says, in one line, what to do about it.
type SignatureError struct {
	Code string // stable snake_case reason, one of the Code constants
	Msg  string // lower-case description of this failure
	Hint string // one-line suggestion for the caller or the model; may be empty
}

// Error returns the message.
func (e *SignatureError) Error() string { return e.Msg }

// sigErr builds a *SignatureError; the message is formatted, the hint is not.
func sigErr(code, hint, format string, args ...any) *SignatureError {
	return &SignatureError{Code: code, Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// Hints shared by several refusals. A hint names an action, not a cause.
const (
	hintReencode    = "send the envelope exactly as the signer produced it"
	hintTrust       = "add the signer's public key to the trusted keys, or ask for a receipt signed by a trusted key"
	hintTampered    = "the receipt was changed after signing; obtain the original"
	hintPEMKey      = "use a PEM file holding one ed25519 key, as written by 'openssl genpkey -algorithm ed25519'"
	hintPublicPEM   = "use a PEM public key, as written by 'openssl pkey -pubout'"
	hintUnencrypted = "decrypt the key first, e.g. with 'openssl pkey'"
)
