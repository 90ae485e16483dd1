// Package session keeps the application-side record of one conversation
// with a model: every receipt the calculate tool made, by a short id, and a
// ledger of every receipt made, every calculation refused and every draft
// the release gate decided on.
//
// A model that holds a receipt id passes the id, not kilobytes of base64 it
// would have to copy byte for byte; the tools resolve it against the
// session. Ids resolve only in the session that made them, so one client's
// receipts never back another client's text. Envelopes stay valid
// everywhere: an auditor, or another session, passes the envelope itself.
//
// A session is bounded in receipts, ledger entries and bytes ([Limits]);
// over a limit it refuses (code session_full) rather than drop what it
// holds. It reads no clock: entries are numbered in order, and stamped with
// a time only when the application gives one ([Options].Now). The ledger
// exports as JSON lines ([Session.WriteJSONL]).
package session
