package ledger

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
)

// dialect is what differs between the two databases: their DDL, how a
// query names its parameters, and the lock that makes a migration run
// once when processes start together.
type dialect struct {
	name   string
	seq    string // the column type of a sequence number that is the primary key
	blob   string // the column type of bytes
	dollar bool   // parameters are $1, $2, … rather than ?
	lock   string // run first in the migration's transaction; "" when the transaction itself locks
	find   string // the function that finds a string in another, byte for byte: instr, strpos
}

// migrations are the schema's versions 1, 2, …: each one step's
// statements, separated by ";\n", with SEQ and BLOB standing for the
// dialect's column types. A published step never changes; a new version
// is a new step.
var migrations = []string{`CREATE TABLE reckon_receipts (
	session TEXT NOT NULL,
	id TEXT NOT NULL,
	envelope BLOB NOT NULL,
	PRIMARY KEY (session, id)
);
CREATE TABLE reckon_entries (
	seq SEQ,
	session TEXT NOT NULL,
	at BIGINT NOT NULL,
	tool TEXT NOT NULL,
	ok INTEGER NOT NULL,
	receipt_id TEXT NOT NULL,
	codes TEXT NOT NULL,
	asked TEXT NOT NULL,
	answer TEXT NOT NULL,
	labels TEXT NOT NULL,
	question TEXT NOT NULL
);
CREATE INDEX reckon_entries_session ON reckon_entries (session, seq);
CREATE INDEX reckon_entries_question ON reckon_entries (question, seq);
CREATE INDEX reckon_entries_at ON reckon_entries (at);
CREATE TABLE reckon_log_leaves (
	n BIGINT PRIMARY KEY,
	leaf BLOB NOT NULL
);
CREATE TABLE reckon_log_hashes (
	idx BIGINT PRIMARY KEY,
	hash BLOB NOT NULL
);
CREATE TABLE reckon_log_key (
	vkey TEXT NOT NULL
)`}

// step returns migration i in the dialect's types.
func (d dialect) step(i int) string {
	return strings.NewReplacer(" SEQ,", " "+d.seq+",", " BLOB ", " "+d.blob+" ").Replace(migrations[i])
}

// sqlStore is a [Store] over database/sql.
type sqlStore struct {
	db *sql.DB
	d  dialect
}

// failed wraps a database error as the ledger's refusal.
func failed(what string, err error) error {
	var fe *fault.Error
	if errors.As(err, &fe) {
		return fe
	}
	return &fault.Error{Code: fault.LedgerFailed, Msg: what + ": " + err.Error(),
		Hint: "check that the ledger's database is reachable and writable, then retry"}
}

// q rewrites a query's ? parameters for the dialect.
func (s *sqlStore) q(query string) string {
	if !s.d.dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// migrate brings the schema to the newest version, in one transaction
// under the dialect's lock. It refuses a schema newer than this version.
func (s *sqlStore) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return failed("open the ledger", err)
	}
	defer tx.Rollback()
	if s.d.lock != "" {
		if _, err := tx.ExecContext(ctx, s.d.lock); err != nil {
			return failed("lock the ledger's schema", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS reckon_schema (version INTEGER NOT NULL)`); err != nil {
		return failed("create the ledger's schema table", err)
	}
	var v sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM reckon_schema`).Scan(&v); err != nil {
		return failed("read the ledger's schema version", err)
	}
	have := int(v.Int64)
	if have > len(migrations) {
		return &fault.Error{Code: fault.BadLedger,
			Msg:  fmt.Sprintf("the ledger's schema is version %d; this version of reckon knows up to %d", have, len(migrations)),
			Hint: "open the ledger with the version of reckon that wrote it, or a newer one"}
	}
	for i := have; i < len(migrations); i++ {
		for _, stmt := range strings.Split(s.d.step(i), ";\n") {
			if strings.TrimSpace(stmt) == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return failed(fmt.Sprintf("migrate the ledger to version %d", i+1), err)
			}
		}
	}
	if have < len(migrations) {
		if _, err := tx.ExecContext(ctx, `DELETE FROM reckon_schema`); err != nil {
			return failed("record the ledger's schema version", err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO reckon_schema (version) VALUES (?)`), len(migrations)); err != nil {
			return failed("record the ledger's schema version", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return failed("migrate the ledger", err)
	}
	return nil
}

// An entry's time is stored in nanoseconds since 1970; noTime stands for
// none, so that the epoch itself stays a time. A time the column cannot
// hold is refused.
const noTime int64 = math.MinInt64

var (
	minTime = time.Unix(0, math.MinInt64+1).UTC()
	maxTime = time.Unix(0, math.MaxInt64).UTC()
)

// row is an entry's columns as stored.
type row struct {
	session, tool, receiptID, codes, asked, answer, labels, question string
	at                                                               int64
	ok                                                               int
}

// toRow checks e and lays it out in columns.
func toRow(e Entry) (row, error) {
	if e.Session == "" {
		return row{}, &fault.Error{Code: fault.MissingField, Field: "session", Msg: "the entry names no session",
			Hint: "record every entry under the id of its conversation"}
	}
	if e.Tool == "" {
		return row{}, &fault.Error{Code: fault.MissingField, Field: "tool", Msg: "the entry names no tool",
			Hint: "record the tool or command that was called"}
	}
	if e.OK && len(e.Codes) > 0 {
		return row{}, &fault.Error{Code: fault.BadRequest, Field: "codes", Msg: "the entry is ok and carries refusal codes",
			Hint: "record the codes of a refused call, and none with ok"}
	}
	texts := append([]string{e.Session, e.Tool, e.ReceiptID}, e.Codes...)
	for k, v := range e.Labels {
		texts = append(texts, k, v)
	}
	for _, t := range texts {
		if !utf8.ValidString(t) || strings.IndexByte(t, 0) >= 0 {
			return row{}, &fault.Error{Code: fault.BadRequest, Msg: "the entry holds text that is not UTF-8, or a NUL byte",
				Hint: "record ids, codes and labels as UTF-8 text without NUL bytes"}
		}
	}
	if !e.Time.IsZero() && (e.Time.Before(minTime) || e.Time.After(maxTime)) {
		return row{}, &fault.Error{Code: fault.BadRequest, Field: "time", Msg: fmt.Sprintf("the entry's time %s is outside 1678 to 2261", e.Time.UTC().Format(time.RFC3339)),
			Hint: "record the time the call was made, from the application's clock"}
	}
	codes := e.Codes
	if codes == nil {
		codes = []string{}
	}
	cj, _ := json.Marshal(codes)
	asked := e.Asked
	if len(asked) == 0 {
		asked = json.RawMessage("null")
	}
	if !utf8.Valid(asked) {
		// arguments a model sent with bytes that are not UTF-8: kept, as
		// a JSON string of what they say, on either database alike
		asked, _ = json.Marshal(strings.ToValidUTF8(string(asked), "\uFFFD"))
	}
	if !json.Valid(asked) {
		return row{}, &fault.Error{Code: fault.BadRequest, Field: "asked", Msg: "the entry's arguments are not JSON",
			Hint: "record the arguments as the model sent them"}
	}
	if len(e.Answer) > 0 && !utf8.Valid(e.Answer) {
		e.Answer, _ = json.Marshal(strings.ToValidUTF8(string(e.Answer), "\uFFFD"))
	}
	if len(e.Answer) > 0 && !json.Valid(e.Answer) {
		return row{}, &fault.Error{Code: fault.BadRequest, Field: "answer", Msg: "the entry's answer is not JSON",
			Hint: "record the answer as the tool gave it"}
	}
	labels := e.Labels
	if labels == nil {
		labels = map[string]string{}
	}
	lj, _ := json.Marshal(labels)
	at := noTime
	if !e.Time.IsZero() {
		at = e.Time.UnixNano()
	}
	ok := 0
	if e.OK {
		ok = 1
	}
	return row{session: e.Session, tool: e.Tool, receiptID: e.ReceiptID, codes: string(cj), asked: string(asked),
		answer: string(e.Answer), labels: string(lj), question: labels["question"], at: at, ok: ok}, nil
}

// entriesPerStatement bounds the rows of one INSERT: ten parameters a
// row, far below SQLite's limit of 32,766.
const entriesPerStatement = 100

// insertRows records rs in tx, in one statement, and returns their
// sequence numbers in order. The numbers are given in the order of the
// rows, which the store's write lock keeps consecutive.
func (s *sqlStore) insertRows(ctx context.Context, tx *sql.Tx, rs []row) ([]int64, error) {
	var b strings.Builder
	b.WriteString(`INSERT INTO reckon_entries (session, at, tool, ok, receipt_id, codes, asked, answer, labels, question) VALUES `)
	args := make([]any, 0, 10*len(rs))
	for i, r := range rs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
		args = append(args, r.session, r.at, r.tool, r.ok, r.receiptID, r.codes, r.asked, r.answer, r.labels, r.question)
	}
	b.WriteString(" RETURNING seq")
	res, err := tx.QueryContext(ctx, s.q(b.String()), args...)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	seqs := make([]int64, 0, len(rs))
	for res.Next() {
		var seq int64
		if err := res.Scan(&seq); err != nil {
			return nil, err
		}
		seqs = append(seqs, seq)
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	if len(seqs) != len(rs) {
		return nil, fmt.Errorf("%d rows written, %d numbered", len(rs), len(seqs))
	}
	slices.Sort(seqs) // RETURNING names no order; the rows were numbered in theirs
	return seqs, nil
}

func (s *sqlStore) Write(ctx context.Context, items ...Item) ([]Entry, error) {
	rows := make([]row, len(items))
	for i, it := range items {
		e := it.Entry
		if len(it.Envelope) > 0 {
			if e.ReceiptID == "" {
				return nil, &fault.Error{Code: fault.MissingField, Field: fmt.Sprintf("items[%d].receipt_id", i), Msg: "a receipt to keep with no id",
					Hint: "give the entry the receipt's id (receipt.EnvelopeID)"}
			}
			if !json.Valid(it.Envelope) {
				return nil, &fault.Error{Code: fault.BadRequest, Field: fmt.Sprintf("items[%d].envelope", i), Msg: "the receipt to keep is not JSON",
					Hint: "keep the receipt's envelope as its JSON"}
			}
		}
		r, err := toRow(e)
		if err != nil {
			return nil, err
		}
		rows[i] = r
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, failed("write to the ledger", err)
	}
	defer tx.Rollback()
	// The statements are prepared once for the batch: a batch of
	// hundreds pays their compilation once.
	keep, err := tx.PrepareContext(ctx, s.q(`INSERT INTO reckon_receipts (session, id, envelope) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`))
	if err != nil {
		return nil, failed("write to the ledger", err)
	}
	defer keep.Close()
	out := make([]Entry, len(items))
	for i, it := range items {
		if len(it.Envelope) > 0 {
			if _, err := keep.ExecContext(ctx, it.Entry.Session, it.Entry.ReceiptID, it.Envelope); err != nil {
				return nil, failed("keep a receipt", err)
			}
		}
		out[i] = it.Entry
	}
	// The entries go in statements of many rows each: a statement's cost,
	// not a row's, is most of a small write.
	for start := 0; start < len(rows); start += entriesPerStatement {
		end := min(start+entriesPerStatement, len(rows))
		seqs, err := s.insertRows(ctx, tx, rows[start:end])
		if err != nil {
			return nil, failed("write to the ledger", err)
		}
		for k, seq := range seqs {
			out[start+k].Seq = seq
		}
	}
	for i := range out {
		out[i] = normal(out[i])
	}
	if err := tx.Commit(); err != nil {
		return nil, failed("write to the ledger", err)
	}
	return out, nil
}

// normal gives e the forms a read returns: codes and labels never nil.
func normal(e Entry) Entry {
	if e.Codes == nil {
		e.Codes = []string{}
	}
	if len(e.Asked) == 0 {
		e.Asked = json.RawMessage("null")
	}
	if len(e.Labels) == 0 {
		e.Labels = nil
	}
	return e
}

func (s *sqlStore) Receipt(ctx context.Context, session, id string) ([]byte, error) {
	var env []byte
	err := s.db.QueryRowContext(ctx, s.q(`SELECT envelope FROM reckon_receipts WHERE session = ? AND id = ?`), session, id).Scan(&env)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, &fault.Error{Code: fault.UnknownReceiptID, Field: "receipt_id",
			Msg:  fmt.Sprintf("no receipt %q in this session", clip(id)),
			Hint: "pass a receipt_id that calculate returned in this conversation, or the receipt itself"}
	}
	if err != nil {
		return nil, failed("read a receipt", err)
	}
	return env, nil
}

func (s *sqlStore) Entries(ctx context.Context, q Query) ([]Entry, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		where = append(where, cond)
		args = append(args, v)
	}
	if q.Session != "" {
		add("session = ?", q.Session)
	}
	if !q.Since.IsZero() || !q.Until.IsZero() {
		add("at <> ?", noTime) // an entry with no time is at no time
	}
	switch {
	case q.Since.IsZero(), q.Since.Before(minTime):
	case q.Since.After(maxTime):
		add("at > ?", int64(math.MaxInt64))
	default:
		add("at >= ?", q.Since.UnixNano())
	}
	switch {
	case q.Until.IsZero(), q.Until.After(maxTime):
	case !q.Until.After(minTime):
		add("at < ?", minTime.UnixNano())
	default:
		add("at < ?", q.Until.UnixNano())
	}
	if q.Tool != "" {
		add("tool = ?", q.Tool)
	}
	switch q.Outcome {
	case "":
	case "ok":
		add("ok = ?", 1)
	case "refused":
		add("ok = ?", 0)
	default:
		return nil, &fault.Error{Code: fault.BadRequest, Field: "outcome", Msg: fmt.Sprintf("outcome %q is neither ok nor refused", clip(q.Outcome)),
			Hint: `select Outcome "ok" (released, or a receipt made), "refused", or "" for both`}
	}
	if q.Code != "" {
		code, _ := json.Marshal(q.Code) // the code as the codes column spells it, quotes included: matched whole
		add(s.d.find+"(codes, ?) > 0", string(code))
	}
	if q.Question != "" {
		add("question = ?", q.Question)
	}
	if q.After > 0 {
		add("seq > ?", q.After)
	}
	query := `SELECT seq, session, at, tool, ok, receipt_id, codes, asked, answer, labels FROM reckon_entries`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY seq"
	if q.Limit > 0 {
		query += " LIMIT " + strconv.Itoa(q.Limit)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, failed("read the ledger", err)
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var at int64
		var ok int
		var codes, asked, answer, labels string
		if err := rows.Scan(&e.Seq, &e.Session, &at, &e.Tool, &ok, &e.ReceiptID, &codes, &asked, &answer, &labels); err != nil {
			return nil, failed("read the ledger", err)
		}
		if at != noTime {
			e.Time = time.Unix(0, at).UTC()
		}
		e.OK = ok == 1
		if err := json.Unmarshal([]byte(codes), &e.Codes); err != nil {
			return nil, failed("read the ledger", err)
		}
		if err := json.Unmarshal([]byte(labels), &e.Labels); err != nil {
			return nil, failed("read the ledger", err)
		}
		e.Asked = json.RawMessage(asked)
		if answer != "" {
			e.Answer = json.RawMessage(answer)
		}
		out = append(out, normal(e))
	}
	if err := rows.Err(); err != nil {
		return nil, failed("read the ledger", err)
	}
	return out, nil
}

func (s *sqlStore) Close() error { return s.db.Close() }

// clip shortens s for a message.
func clip(s string) string { return short.To(s, 40) }
