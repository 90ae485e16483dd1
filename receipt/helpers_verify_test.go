package receipt

import (
	_ "github.com/reckonhq/reckon/operation/standard" // the tests calculate and verify named operations
)

// verifyReport is the report [Open] gives env, accepted or not.
func verifyReport(env *Envelope, trusted *KeyRing, policy Policy) *Report {
	return verifyWith(env, VerifyOptions{Trusted: trusted, Policy: policy})
}

// verifyWith is the report [Open] gives env under opts, accepted or not.
func verifyWith(env *Envelope, opts VerifyOptions) *Report {
	_, rep := verify(env, opts)
	return rep
}

// verifyResponseReport is the report [OpenResponse] gives data, accepted
// or not.
func verifyResponseReport(data []byte, opts VerifyOptions) *Report {
	rep, _ := verifyResponse(data, opts)
	return rep
}
