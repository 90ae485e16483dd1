package receipt

// VerifyEnvelope is the signature check alone, for the tests of package
// receipt_test: callers verify through [Open].
var VerifyEnvelope = verifyEnvelope
