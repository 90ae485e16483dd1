package receipt

import (
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
)

// Inspect decodes the receipt inside env WITHOUT verifying anything: no
// signature is checked and nothing is re-executed. It is for showing a
// receipt to a person (`reckon inspect`); everything it returns is only
// what the envelope claims. Use [Open] to trust a receipt.
//
// The payload is decoded as strictly as [Open] decodes it, after its
// base64: errors are [*fault.Error] (bad base64) or [*fault.Error] values.
func Inspect(env *dsse.Envelope) (*Receipt, error) {
	if env == nil {
		return nil, &fault.Error{Code: fault.BadEnvelope, Msg: "no envelope", Hint: "give a DSSE envelope or a calc response with its receipt"}
	}
	payload, err := env.DecodedPayload()
	if err != nil {
		return nil, &fault.Error{Code: fault.BadEnvelope, Msg: "payload is not base64: " + err.Error(), Hint: hintOriginal}
	}
	return decodeReceipt(payload)
}
