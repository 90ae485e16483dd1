package ledger

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/reckonhq/reckon/fault"
)

// Entry is one event of a ledger: a receipt made, a calculation refused,
// a draft released or refused. Its JSON form is one line of the ledger's
// export.
type Entry struct {
	Seq       int64             `json:"seq"`                  // 1, 2, … in the order the store recorded them, across sessions
	Session   string            `json:"session"`              // the conversation the entry belongs to
	Time      time.Time         `json:"time,omitzero"`        // when, as the application's clock gave it; zero for none
	Tool      string            `json:"tool"`                 // the tool or command: calculate, check_claims, calc
	OK        bool              `json:"ok"`                   // the answer's "ok": released, or a receipt made
	ReceiptID string            `json:"receipt_id,omitempty"` // the receipt the call made
	Codes     []string          `json:"codes"`                // the codes of the refusals, in order; [] when ok
	Asked     json.RawMessage   `json:"asked"`                // the arguments as the model wrote them: JSON
	Answer    json.RawMessage   `json:"answer,omitempty"`     // the answer given, JSON, when the application keeps it
	Labels    map[string]string `json:"labels,omitempty"`     // the application's: question, model_calls, cost, …
}

// Query selects entries. A zero field selects everything; the fields
// given must all hold.
type Query struct {
	Session  string    // one conversation
	Since    time.Time // at or after
	Until    time.Time // before
	Tool     string    // one tool or command
	Outcome  string    // "ok" or "refused"
	Code     string    // entries refused with this code among theirs
	Question string    // entries labelled with this question id (label "question")
	After    int64     // entries with a larger Seq, to page through a ledger
	Limit    int       // at most this many, in Seq order; 0 for all
}

// Item is one write to a ledger: an entry and, when the call made a
// receipt, its envelope, kept under the entry's session and ReceiptID.
type Item struct {
	Entry    Entry
	Envelope []byte // the receipt's envelope, as JSON; nil for none
}

// Store keeps a ledger. Every method is one transaction.
type Store interface {
	// Write records the items' entries, in order, each receipt with the
	// entry that made it, all in one transaction: every item or none. It
	// returns the entries with their Seq. A receipt already kept under
	// the same session and id is kept as it was (an id names its
	// content); its entry is recorded again. A batch of many calls is one
	// write: far cheaper than one write each.
	Write(ctx context.Context, items ...Item) ([]Entry, error)
	// Receipt returns the envelope kept under id in session, or a
	// *fault.Error of code unknown_receipt_id.
	Receipt(ctx context.Context, session, id string) ([]byte, error)
	// Entries returns the entries q selects, in Seq order.
	Entries(ctx context.Context, q Query) ([]Entry, error)
	// Close releases the store's connections.
	Close() error
}

// Open opens the ledger at addr, creating and migrating its schema as
// needed. A "postgres://" or "postgresql://" URL is PostgreSQL; anything
// else is a SQLite file: a path, or a "file:" URI. The program imports the
// database's driver for its effect, as database/sql asks:
// github.com/reckonhq/reckon/ledger/sqlite or ledger/postgres. It refuses
// an empty address, a database whose driver is not imported, and a
// ledger whose schema is newer than this version (bad_ledger), and a
// database it cannot reach (ledger_failed).
func Open(ctx context.Context, addr string) (Store, error) {
	switch {
	case strings.TrimSpace(addr) == "":
		return nil, &fault.Error{Code: fault.BadLedger, Msg: "no ledger address",
			Hint: "give a SQLite file path, or a postgres:// URL"}
	case strings.HasPrefix(addr, "postgres://") || strings.HasPrefix(addr, "postgresql://"):
		return openPostgres(ctx, addr)
	case strings.Contains(addr, "://"):
		return nil, &fault.Error{Code: fault.BadLedger, Msg: fmt.Sprintf("a ledger address %q names a database reckon does not keep a ledger in", clip(addr)),
			Hint: "give a SQLite file path, or a postgres:// URL"}
	}
	return openSQLite(ctx, addr)
}

// driver refuses a database whose database/sql driver the program did
// not import.
func driver(name, pkg string) error {
	if slices.Contains(sql.Drivers(), name) {
		return nil
	}
	return &fault.Error{Code: fault.BadLedger, Msg: "the program has no " + name + " driver for the ledger",
		Hint: "import _ \"" + pkg + "\" in the program that opens the ledger"}
}
