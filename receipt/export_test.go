package receipt

// VerifyEnvelope is the signature check alone, for the tests of package
// receipt_test: callers verify through [Open].
var VerifyEnvelope = verifyEnvelope

// SignEnvelope signs any payload type, for the tests of package
// receipt_test: callers sign through [Seal].
var SignEnvelope = signEnvelope
