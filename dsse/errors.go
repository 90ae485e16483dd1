package dsse

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// sigErr builds a *fault.Error; the message is formatted, the hint is not.
func sigErr(code, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Msg: fmt.Sprintf(format, args...), Hint: hint}
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
