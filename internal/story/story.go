// Package story holds the stories reckon exists for, as data, and renders
// them for a terminal. The examples and `reckon demo` run the same stories,
// so what the README and the demo show is what the tests pin.
//
// Each story registers the documents it reads, short excerpts laid out as
// the filing, report or page prints them (embedded from testdata/sources),
// and every input read from a document's text names one and quotes it, so
// that its receipt records where the number was found.
package story

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	_ "github.com/reckonhq/reckon/operation/standard" // the stories compute loans, payoffs, dates and cost
	"github.com/reckonhq/reckon/quote"

	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// Story is one question answered from a document: the drafts that were
// refused on the way, and the calculation that answers it.
type Story struct {
	Name     string // short name: costco, lakh, …
	Title    string // one line
	Question string // what the user asked
	// Sources name the documents the story's inputs are read from, as
	// the application registers them (see [Document]).
	Sources []string
	Drafts  []Draft
	Answer  *receipt.Request // the calculation that answers the question
	// Also are further accepted calculations shown beside the answer, such
	// as the absolute gap beside a relative shortfall.
	Also []*receipt.Request
	// Audit is a policy an auditor applies to the answer's receipt, shown
	// with its outcome; nil for none.
	Audit *Audit
	// Extra renders parts of a story that are not calculations (quotes,
	// scores, claims); nil for none.
	Extra func(w io.Writer, env Env) error
}

// Draft is a calculation a model proposed that does not answer the
// question: refused by reckon, or a different metric, labelled as such.
type Draft struct {
	What    string           // what is wrong with it, for people
	Request *receipt.Request // the draft as submitted
	Label   string           // for an accepted draft: what it actually computes
}

// Audit is a verification policy and why an auditor applies it.
type Audit struct {
	Why    string
	Policy receipt.Policy
}

// NewEnv returns an environment whose one signing key has the given 32-byte
// seed, trusted by the verifier. ed25519 is deterministic, so stories run
// with a fixed seed print the same bytes every time.
func NewEnv(seed []byte) (Env, error) {
	if len(seed) != ed25519.SeedSize {
		return Env{}, fmt.Errorf("seed is %d bytes, want %d", len(seed), ed25519.SeedSize)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	ring, err := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	if err != nil {
		return Env{}, err
	}
	signer, err := dsse.NewEd25519Signer(priv)
	if err != nil {
		return Env{}, err
	}
	return Env{Signer: signer, Trusted: ring}, nil
}

// EphemeralEnv returns an environment with a fresh random key that exists
// only in memory: no setup, nothing written.
func EphemeralEnv() (Env, error) {
	seed := make([]byte, ed25519.SeedSize)
	if _, err := rand.Read(seed); err != nil {
		return Env{}, err
	}
	return NewEnv(seed)
}

// Env is what a story runs with: the signer of its receipts, the keys a
// verifier trusts and the documents the application registered.
type Env struct {
	Signer  dsse.Signer
	Trusted *dsse.KeyRing
	// Sources are the story's documents, registered by [Run] from
	// [Story.Sources]: every input read from a document's text is grounded
	// in one of them.
	Sources *quote.Sources
}

// Register returns env with the documents s names registered as its
// sources, each indexed once, as an application registers the documents
// of a conversation.
func (s *Story) Register(env Env) (Env, error) {
	docs := make(map[string]string, len(s.Sources))
	for _, name := range s.Sources {
		text, err := Document(name)
		if err != nil {
			return env, err
		}
		docs[name] = text
	}
	reg, err := quote.NewSources(docs)
	if err != nil {
		return env, fmt.Errorf("story %s: %w", s.Name, err)
	}
	env.Sources = reg
	return env, nil
}

// Respond calculates req against the registered sources and signs its
// receipt with the signer given, if any.
func (env Env) Respond(req *receipt.Request, signers ...dsse.Signer) *receipt.Response {
	r := *req
	r.Sources = env.Sources
	return receipt.Respond(&r, signers...)
}

// Run renders s to w: the question, the refused drafts, then each accepted
// calculation with its inputs, formula, expansion, result and verification.
// It returns an error if the answer is refused or its receipt does not
// verify, since then the story has failed.
func Run(w io.Writer, s *Story, env Env) error {
	env, err := s.Register(env)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "━━ %s · %s\n", s.Name, s.Title)
	fmt.Fprintf(w, "Q: %s\n", s.Question)
	if len(s.Drafts) > 0 {
		fmt.Fprintln(w, "\nDrafts refused or relabelled")
		for i, d := range s.Drafts {
			draft(w, i+1, d, env)
		}
	}
	for i, req := range append([]*receipt.Request{s.Answer}, s.Also...) {
		if s.Answer == nil {
			break
		}
		sealed, err := answer(w, req, env, i == 0)
		if err != nil {
			return err
		}
		if i == 0 && s.Audit != nil {
			audit(w, s.Audit, sealed, env)
		}
	}
	if s.Extra != nil {
		if err := s.Extra(w, env); err != nil {
			return err
		}
	}
	fmt.Fprintln(w)
	return nil
}

func draft(w io.Writer, n int, d Draft, env Env) {
	resp := env.Respond(d.Request, dsse.Unsigned()) // a draft is shown, not kept
	if !resp.OK {
		fmt.Fprintf(w, "  ✗ draft %d  %s\n", n, d.What)
		fmt.Fprintf(w, "             refused: %s: %s\n", resp.Error.Code, resp.Error.Message)
		return
	}
	fmt.Fprintf(w, "  ~ draft %d  %s\n", n, d.What)
	fmt.Fprintf(w, "             computes %s: %s\n", resp.Result.Display, d.Label)
}

// answer calculates, signs and verifies one accepted request and returns
// its receipt.
func answer(w io.Writer, req *receipt.Request, env Env, first bool) (*dsse.Envelope, error) {
	resp := env.Respond(req, env.Signer)
	if !resp.OK {
		return nil, fmt.Errorf("story %s: refused: %s: %s", req.ID, resp.Error.Code, resp.Error.Message)
	}
	heading := "Answer"
	if !first {
		heading = "Also"
	}
	fmt.Fprintf(w, "\n%s  %s\n", heading, req.ID)
	rec, err := receipt.Inspect(resp.Receipt)
	if err != nil {
		return nil, fmt.Errorf("story %s: %w", req.ID, err)
	}
	t := table{}
	for i, in := range req.Inputs {
		t.row("  "+in.Name, describe(in), in.Period, in.Label, cite(in), grounding(rec.Inputs[i]))
	}
	t.write(w)
	if req.Interpretation != nil && req.Interpretation.Kind == receipt.Interpreted {
		fmt.Fprintf(w, "  interpreted: %s\n", req.Interpretation.Note)
	}
	if req.Operation != "" {
		fmt.Fprintf(w, "  operation %s\n", req.Operation)
	} else {
		fmt.Fprintf(w, "  formula   %s\n", req.Formula)
	}
	fmt.Fprintf(w, "  expanded  %s\n", resp.Expanded)
	fmt.Fprintf(w, "  result    %s%s\n", resp.Result.Display, rounding(resp.Result))
	rep := &receipt.Report{}
	if _, err := receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: env.Trusted, Sources: env.Sources, Report: rep}); err != nil {
		return nil, fmt.Errorf("story %s: receipt does not verify: %w", req.ID, err)
	}
	found := ""
	if rep.Grounding == receipt.GroundingChecked {
		found = ", every quote found again at its span"
	}
	fmt.Fprintf(w, "  receipt   ✓ signed by %s, re-executed, every field matches%s\n", strings.Join(rep.SignedBy, ", "), found)
	return resp.Receipt, nil
}

// audit verifies a receipt again under an auditor's policy.
func audit(w io.Writer, a *Audit, sealed *dsse.Envelope, env Env) {
	rep := &receipt.Report{}
	if _, err := receipt.Open(sealed, receipt.VerifyOptions{Trusted: env.Trusted, Policy: a.Policy, Report: rep}); err == nil {
		fmt.Fprintf(w, "  audit     ✓ %s\n", a.Why)
		return
	}
	fmt.Fprintf(w, "  audit     ✗ %s: refused\n", a.Why)
	for _, r := range rep.Reasons {
		fmt.Fprintf(w, "            %s: %s\n", r.Code, r.Message)
	}
}

// describe shows an input for a person, as reckon read it: $799 million,
// 6.7%, 24 tweets. The request accepted it, so it reads; were it not to,
// the printed text and the unit as given are shown.
func describe(in receipt.Input) string {
	u, err1 := units.ParseUnit(in.Unit)
	s, err2 := units.ParseScale(in.Scale)
	if err1 == nil && err2 == nil {
		if a, err := units.ParseAmount(in.Display, u, s); err == nil {
			return a.Describe()
		}
	}
	return in.Display + " " + in.Unit
}

func cite(in receipt.Input) string {
	if in.Support == "" {
		return in.Provenance
	}
	return in.Support + " (" + in.Provenance + ")"
}

// grounding says where in its source an input's quote was found: the
// document's name, the quote's byte span and the tier of the match, such
// as "costco-10k-fy2021 bytes 1679-1748, whitespace". An input not read
// from a document's text says what vouches for it instead.
func grounding(in receipt.InputRecord) string {
	if g := in.Grounding; g != nil {
		return fmt.Sprintf("%s bytes %d-%d, %s", g.Source, g.Span[0], g.Span[1], g.Tier)
	}
	switch in.Provenance {
	case receipt.ProvenancePageImage:
		return "not grounded: a page image needs an independent check"
	case receipt.ProvenanceUser:
		return "the gate finds it in the question"
	case receipt.ProvenanceSystemOfRecord:
		return "must equal an application fact"
	}
	return "not grounded"
}

func rounding(r *receipt.Result) string {
	if r.Places == nil {
		return "   exact"
	}
	if r.Exact == r.Value {
		return "   exact"
	}
	unit := "places"
	if *r.Places == 1 {
		unit = "place"
	}
	return fmt.Sprintf("   exact %s, rounded %s to %d %s", r.Exact, r.Rounding, *r.Places, unit)
}

// table aligns columns of text, counting runes so that ₹ and × line up.
type table struct{ rows [][]string }

func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(w io.Writer) {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-len([]rune(c))+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// Main tells s on standard output with an ephemeral key and exits 1 if the
// story fails: the whole of each example's main.
func Main(s *Story) {
	env, err := EphemeralEnv()
	if err == nil {
		err = Run(os.Stdout, s, env)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
