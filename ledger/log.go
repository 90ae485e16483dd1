package ledger

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// Log is the transparency log of a ledger's releases: every answer
// released is a leaf of a Merkle tree with RFC 6962 hashing
// (golang.org/x/mod/sumdb/tlog), and the tree's head is signed as a
// checkpoint in the signed-note format (golang.org/x/mod/sumdb/note). An
// [Inclusion] proves offline that a release is in the tree a checkpoint
// signs; a consistency proof ([Log.Consistency]) proves that a later
// checkpoint's tree holds every leaf of an earlier one, in order: the log
// only grew. Removing, reordering or editing a leaf breaks both.
type Log struct {
	s      *sqlStore
	origin string
	signer note.Signer
}

// NewLog returns the log kept in s, whose checkpoints name origin (such
// as "reckon.example.com/ledger") and are signed with key. s must be a
// Store that [Open] returned. A log is bound to the origin and key it was
// started with: opened again with another, which no verifier of its
// earlier checkpoints would accept, it is refused (bad_ledger). A nil key
// opens the log to prove its growth ([Log.Consistency]) but not to
// append, prove a leaf under a new checkpoint, or sign.
func NewLog(ctx context.Context, s Store, origin string, key ed25519.PrivateKey) (*Log, error) {
	ss, ok := s.(*sqlStore)
	if !ok || ss == nil {
		return nil, &fault.Error{Code: fault.BadLedger, Msg: "the log is kept only in a store that ledger.Open returned",
			Hint: "open the ledger with ledger.Open"}
	}
	var signer note.Signer
	vkey := ""
	if key != nil {
		var err error
		if signer, err = newNoteSigner(origin, key); err != nil {
			return nil, err
		}
		vkey, _ = LogVerifierKey(origin, key.Public().(ed25519.PublicKey))
	}
	tx, err := ss.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, failed("open the log", err)
	}
	defer tx.Rollback()
	if ss.d.lock != "" {
		// replicas starting together bind the log to one key
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(8271657313)`); err != nil {
			return nil, failed("lock the log", err)
		}
	}
	var have string
	switch err := tx.QueryRowContext(ctx, `SELECT vkey FROM reckon_log_key`).Scan(&have); {
	case key == nil && errors.Is(err, sql.ErrNoRows):
		// a log opened to prove, in a ledger that keeps none yet: empty
	case key == nil && err == nil && !strings.HasPrefix(have, origin+"+"):
		return nil, &fault.Error{Code: fault.BadLedger, Msg: fmt.Sprintf("the ledger's log is %s, not %s", clip(have), clip(origin)),
			Hint: "give the ledger whose log the checkpoints are of, with its verifier key"}
	case key == nil && err == nil:
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, ss.q(`INSERT INTO reckon_log_key (vkey) VALUES (?)`), vkey); err != nil {
			return nil, failed("open the log", err)
		}
	case err != nil:
		return nil, failed("open the log", err)
	case have != vkey:
		return nil, &fault.Error{Code: fault.BadLedger, Msg: fmt.Sprintf("the log was started under the verifier key %s, not %s", clip(have), clip(vkey)),
			Hint: "open the log with the origin and key it was started with; a new key starts a new ledger"}
	}
	if err := tx.Commit(); err != nil {
		return nil, failed("open the log", err)
	}
	return &Log{s: ss, origin: origin, signer: signer}, nil
}

// LogVerifierKey returns the note verifier key of a log's checkpoints:
// "origin+hash+key", the text an auditor keeps to check them offline.
func LogVerifierKey(origin string, pub ed25519.PublicKey) (string, error) {
	vkey, err := note.NewEd25519VerifierKey(origin, pub)
	if err != nil {
		return "", &fault.Error{Code: fault.BadKey, Msg: "log key: " + err.Error(),
			Hint: "name the log with a non-empty origin of no spaces or plus signs, and give an ed25519 key"}
	}
	return vkey, nil
}

// usable refuses a nil Log, the zero value of a pointer never made by
// [NewLog].
func (l *Log) usable() error {
	if l == nil || l.s == nil {
		return &fault.Error{Code: fault.BadLedger, Msg: "no log", Hint: "make the log with ledger.NewLog"}
	}
	return nil
}

// signing refuses a log opened without its key.
func (l *Log) signing() error {
	if err := l.usable(); err != nil {
		return err
	}
	if l.signer == nil {
		return &fault.Error{Code: fault.BadKey, Msg: "the log was opened without its key: it proves, but does not append or sign",
			Hint: "open the log with its private key to append to it"}
	}
	return nil
}

// noteSigner signs checkpoints with an ed25519 key, as note's own signers
// do; note makes one only from its private key text.
type noteSigner struct {
	name string
	hash uint32
	key  ed25519.PrivateKey
}

func newNoteSigner(name string, key ed25519.PrivateKey) (note.Signer, error) {
	if len(key) != ed25519.PrivateKeySize {
		return nil, &fault.Error{Code: fault.BadKey, Msg: fmt.Sprintf("log key has %d bytes, want %d", len(key), ed25519.PrivateKeySize),
			Hint: "give the ed25519 private key the ledger signs checkpoints with"}
	}
	vkey, err := LogVerifierKey(name, key.Public().(ed25519.PublicKey))
	if err != nil {
		return nil, err
	}
	parts := strings.Split(vkey, "+")
	h, err := strconv.ParseUint(parts[1], 16, 32)
	if err != nil {
		return nil, &fault.Error{Code: fault.Internal, Msg: "log key hash: " + err.Error()}
	}
	return &noteSigner{name: name, hash: uint32(h), key: key}, nil
}

func (s *noteSigner) Name() string                    { return s.name }
func (s *noteSigner) KeyHash() uint32                 { return s.hash }
func (s *noteSigner) Sign(msg []byte) ([]byte, error) { return ed25519.Sign(s.key, msg), nil }

// maxLeaf bounds a leaf: a release's leaf is two digests and a header.
const maxLeaf = 4 << 10

// Leaf is the text of one release in the log: the ids of the receipts
// that back it (each a digest of its envelope), sorted, and the digest of
// the text released.
func Leaf(receiptIDs []string, textDigest string) []byte {
	ids := slices.Clone(receiptIDs)
	slices.Sort(ids)
	return []byte("reckon release\nreceipts " + strings.Join(slices.Compact(ids), " ") + "\ntext " + textDigest + "\n")
}

// Digest returns "sha256:" and the lower-case hex SHA-256 of b.
func Digest(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Inclusion proves that one leaf is in the tree a checkpoint signs. Its
// JSON form travels with the release.
type Inclusion struct {
	Index      int64    `json:"index"`      // the leaf's position, from 0
	Leaf       string   `json:"leaf"`       // the leaf's text
	Proof      []string `json:"proof"`      // the RFC 6962 audit path, base64 hashes
	Checkpoint string   `json:"checkpoint"` // the signed note of the tree the proof is in
}

// checkpointText is a checkpoint's body: the origin, the tree size and
// its root hash in base64, a line each (c2sp.org/tlog-checkpoint).
func checkpointText(origin string, size int64, root tlog.Hash) string {
	return fmt.Sprintf("%s\n%d\n%s\n", origin, size, base64.StdEncoding.EncodeToString(root[:]))
}

// head is a verified checkpoint.
type head struct {
	origin string
	size   int64
	root   tlog.Hash
}

// openCheckpoint checks a checkpoint's signature against vkey and reads it.
func openCheckpoint(checkpoint []byte, vkey string) (head, error) {
	v, err := note.NewVerifier(vkey)
	if err != nil {
		return head{}, &fault.Error{Code: fault.BadKey, Msg: "log verifier key: " + err.Error(),
			Hint: "give the log's verifier key as origin+hash+key"}
	}
	// a checkpoint copied into a file may have gained line breaks at its end
	checkpoint = append(bytes.TrimRight(checkpoint, "\r\n"), '\n')
	n, err := note.Open(checkpoint, note.VerifierList(v))
	if err != nil {
		return head{}, &fault.Error{Code: fault.BadCheckpoint, Msg: "checkpoint: " + err.Error(),
			Hint: "give a checkpoint the log signed, unchanged, and the log's verifier key"}
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 || lines[0] != v.Name() {
		return head{}, &fault.Error{Code: fault.BadCheckpoint, Msg: "checkpoint text is not origin, size and root hash",
			Hint: "give a checkpoint the log signed, unchanged"}
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	h, err2 := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || err2 != nil || size < 0 || len(h) != tlog.HashSize {
		return head{}, &fault.Error{Code: fault.BadCheckpoint, Msg: "checkpoint size or root hash does not parse",
			Hint: "give a checkpoint the log signed, unchanged"}
	}
	var root tlog.Hash
	copy(root[:], h)
	return head{origin: lines[0], size: size, root: root}, nil
}

// CheckpointSize returns the number of leaves of the tree a checkpoint
// signs, once its signature is checked against the log's verifier key.
func CheckpointSize(checkpoint []byte, vkey string) (int64, error) {
	h, err := openCheckpoint(checkpoint, vkey)
	return h.size, err
}

// VerifyInclusion checks offline that inc's leaf is in the tree its
// checkpoint signs, with the log's verifier key (see [LogVerifierKey]).
// A leaf edited, moved or removed, or a checkpoint not signed by the log,
// is refused with code not_in_log or bad_checkpoint.
func VerifyInclusion(inc Inclusion, vkey string) error {
	h, err := openCheckpoint([]byte(inc.Checkpoint), vkey)
	if err != nil {
		return err
	}
	proof, err := decodeHashes(inc.Proof)
	if err != nil {
		return err
	}
	if inc.Index < 0 || inc.Index >= h.size {
		return notInLog(fmt.Sprintf("leaf %d is outside a tree of %d leaves", inc.Index, h.size))
	}
	if err := tlog.CheckRecord(proof, h.size, h.root, inc.Index, tlog.RecordHash([]byte(inc.Leaf))); err != nil {
		return notInLog(fmt.Sprintf("leaf %d is not in the tree of %d leaves the checkpoint signs: %v", inc.Index, h.size, err))
	}
	return nil
}

// VerifyConsistency checks offline that the tree newer signs holds the
// tree older signs as its prefix, with proof from [Log.Consistency]: the
// log only grew between them.
func VerifyConsistency(older, newer []byte, proof []string, vkey string) error {
	o, err := openCheckpoint(older, vkey)
	if err != nil {
		return err
	}
	n, err := openCheckpoint(newer, vkey)
	if err != nil {
		return err
	}
	p, err := decodeHashes(proof)
	if err != nil {
		return err
	}
	if o.size > n.size {
		return notInLog(fmt.Sprintf("the older checkpoint has %d leaves, the newer %d: a log never shrinks", o.size, n.size))
	}
	if o.size == 0 && len(p) == 0 {
		return nil // the empty tree is a prefix of every tree
	}
	if o.size == n.size {
		if o.root != n.root || len(p) != 0 {
			return notInLog(fmt.Sprintf("two checkpoints of %d leaves sign different trees", n.size))
		}
		return nil
	}
	if err := tlog.CheckTree(p, n.size, n.root, o.size, o.root); err != nil {
		return notInLog(fmt.Sprintf("the tree of %d leaves does not extend the tree of %d: %v", n.size, o.size, err))
	}
	return nil
}

func notInLog(msg string) error {
	return &fault.Error{Code: fault.NotInLog, Msg: msg,
		Hint: "the log does not prove this; do not rely on it, and ask the ledger's keeper why"}
}

func decodeHashes(ss []string) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(ss))
	for i, s := range ss {
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil || len(b) != tlog.HashSize {
			return nil, &fault.Error{Code: fault.BadCheckpoint, Msg: fmt.Sprintf("proof hash %d is not a base64 SHA-256", i),
				Hint: "give the proof as the log wrote it"}
		}
		copy(out[i][:], b)
	}
	return out, nil
}

func encodeHashes(hs []tlog.Hash) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = base64.StdEncoding.EncodeToString(h[:])
	}
	return out
}

// hashReader reads stored hashes through q, a transaction or the database.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (l *Log) hashReader(ctx context.Context, q queryer) tlog.HashReader {
	return tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(indexes))
		if len(indexes) == 0 {
			return out, nil
		}
		// one query for all of them: a proof reads some forty hashes
		marks := strings.Repeat("?, ", len(indexes))
		args := make([]any, len(indexes))
		for i, idx := range indexes {
			args[i] = idx
		}
		rows, err := q.QueryContext(ctx, l.s.q(`SELECT idx, hash FROM reckon_log_hashes WHERE idx IN (`+marks[:len(marks)-2]+`)`), args...)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		got := make(map[int64][]byte, len(indexes))
		for rows.Next() {
			var idx int64
			var h []byte
			if err := rows.Scan(&idx, &h); err != nil {
				return nil, err
			}
			got[idx] = h
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		for i, idx := range indexes {
			h, ok := got[idx]
			if !ok || len(h) != tlog.HashSize {
				return nil, fmt.Errorf("stored hash %d is missing", idx)
			}
			copy(out[i][:], h)
		}
		return out, nil
	})
}

// Append adds a leaf to the log, in one transaction under the log's lock,
// and returns its inclusion in the tree that ends with it, under a new
// signed checkpoint.
func (l *Log) Append(ctx context.Context, leaf []byte) (Inclusion, error) {
	if err := l.signing(); err != nil {
		return Inclusion{}, err
	}
	if len(leaf) == 0 || len(leaf) > maxLeaf {
		return Inclusion{}, &fault.Error{Code: fault.BadRequest, Field: "leaf", Msg: fmt.Sprintf("a leaf of %d bytes", len(leaf)),
			Hint: "append a release as ledger.Leaf writes it: a few hundred bytes"}
	}
	tx, err := l.s.db.BeginTx(ctx, nil)
	if err != nil {
		return Inclusion{}, failed("append to the log", err)
	}
	defer tx.Rollback()
	if l.s.d.lock != "" {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(8271657312)`); err != nil {
			return Inclusion{}, failed("lock the log", err)
		}
	}
	var n int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(n) + 1, 0) FROM reckon_log_leaves`).Scan(&n); err != nil {
		return Inclusion{}, failed("read the log's size", err)
	}
	hr := l.hashReader(ctx, tx)
	hashes, err := tlog.StoredHashes(n, leaf, hr)
	if err != nil {
		return Inclusion{}, failed("hash the log", err)
	}
	if _, err := tx.ExecContext(ctx, l.s.q(`INSERT INTO reckon_log_leaves (n, leaf) VALUES (?, ?)`), n, leaf); err != nil {
		return Inclusion{}, failed("append to the log", err)
	}
	base := tlog.StoredHashIndex(0, n)
	for i, h := range hashes {
		if _, err := tx.ExecContext(ctx, l.s.q(`INSERT INTO reckon_log_hashes (idx, hash) VALUES (?, ?)`), base+int64(i), h[:]); err != nil {
			return Inclusion{}, failed("append to the log", err)
		}
	}
	inc, err := l.prove(ctx, tx, n+1, n, leaf)
	if err != nil {
		return Inclusion{}, err
	}
	if err := tx.Commit(); err != nil {
		return Inclusion{}, failed("append to the log", err)
	}
	return inc, nil
}

// prove returns leaf n's inclusion in the tree of size leaves, signed.
func (l *Log) prove(ctx context.Context, q queryer, size, n int64, leaf []byte) (Inclusion, error) {
	hr := l.hashReader(ctx, q)
	root, err := tlog.TreeHash(size, hr)
	if err != nil {
		return Inclusion{}, failed("hash the log", err)
	}
	proof, err := tlog.ProveRecord(size, n, hr)
	if err != nil {
		return Inclusion{}, failed("prove a leaf", err)
	}
	ckpt, err := note.Sign(&note.Note{Text: checkpointText(l.origin, size, root)}, l.signer)
	if err != nil {
		return Inclusion{}, failed("sign the checkpoint", err)
	}
	return Inclusion{Index: n, Leaf: string(leaf), Proof: encodeHashes(proof), Checkpoint: string(ckpt)}, nil
}

// Size returns the number of leaves in the log.
func (l *Log) Size(ctx context.Context) (int64, error) {
	if err := l.usable(); err != nil {
		return 0, err
	}
	var n int64
	if err := l.s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(n) + 1, 0) FROM reckon_log_leaves`).Scan(&n); err != nil {
		return 0, failed("read the log's size", err)
	}
	return n, nil
}

// Checkpoint returns the log's head, signed.
func (l *Log) Checkpoint(ctx context.Context) ([]byte, error) {
	if err := l.signing(); err != nil {
		return nil, err
	}
	n, err := l.Size(ctx)
	if err != nil {
		return nil, err
	}
	root, err := tlog.TreeHash(n, l.hashReader(ctx, l.s.db))
	if err != nil {
		return nil, failed("hash the log", err)
	}
	ckpt, err := note.Sign(&note.Note{Text: checkpointText(l.origin, n, root)}, l.signer)
	if err != nil {
		return nil, failed("sign the checkpoint", err)
	}
	return ckpt, nil
}

// Prove returns leaf n's inclusion in the log's tree as it is now.
func (l *Log) Prove(ctx context.Context, n int64) (Inclusion, error) {
	if err := l.signing(); err != nil {
		return Inclusion{}, err
	}
	size, err := l.Size(ctx)
	if err != nil {
		return Inclusion{}, err
	}
	if n < 0 || n >= size {
		return Inclusion{}, notInLog(fmt.Sprintf("the log has %d leaves, not a leaf %d", size, n))
	}
	var leaf []byte
	if err := l.s.db.QueryRowContext(ctx, l.s.q(`SELECT leaf FROM reckon_log_leaves WHERE n = ?`), n).Scan(&leaf); err != nil {
		return Inclusion{}, failed("read a leaf", err)
	}
	return l.prove(ctx, l.s.db, size, n, leaf)
}

// Consistency returns the proof that the log's tree of newer leaves holds
// its tree of older leaves, for [VerifyConsistency].
func (l *Log) Consistency(ctx context.Context, older, newer int64) ([]string, error) {
	if err := l.usable(); err != nil {
		return nil, err
	}
	size, err := l.Size(ctx)
	if err != nil {
		return nil, err
	}
	if older < 0 || older > newer || newer > size {
		return nil, notInLog(fmt.Sprintf("the log has %d leaves; it cannot prove %d from %d", size, newer, older))
	}
	if older == 0 || older == newer {
		return []string{}, nil // every tree holds the empty tree, and itself
	}
	p, err := tlog.ProveTree(newer, older, l.hashReader(ctx, l.s.db))
	if err != nil {
		return nil, failed("prove the log's consistency", err)
	}
	return encodeHashes(p), nil
}
