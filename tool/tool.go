package tool

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/ledger"
	_ "github.com/reckonhq/reckon/operation/standard" // the named operations the tools and the CLI offer

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
	"github.com/reckonhq/reckon/session"
	"go.opentelemetry.io/otel/trace"
)

// Tool is one capability as an agent framework sees it. Its fields are
// plain data, so any framework can describe the tool to a model; [Tool.Call]
// runs it.
type Tool struct {
	Name        string // snake_case, unique among the tools
	Description string // for the model: what to pass and how to read the answer
	// InputSchema is the JSON Schema of the arguments, an object: what a
	// call must give is required, and a property left out takes the value
	// its description names for none (what MCP clients read).
	InputSchema json.RawMessage
	// StrictInputSchema is the same schema with every property required
	// and an absent value given as "", [] or null, as OpenAI's strict mode
	// needs.
	StrictInputSchema json.RawMessage
	OutputSchema      json.RawMessage // JSON Schema of the answer, an object

	run    func(ctx context.Context, args json.RawMessage) any // decodes, runs, never fails
	refuse func(e *receipt.ErrorInfo) any                      // the tool's answer for a refusal
	tracer trace.Tracer                                        // nil when tracing is off
}

// Options configure the tools. The zero value gives tools that calculate
// without signing, verify no signatures, and know no sources.
type Options struct {
	// Signer, if not nil, signs the receipt of every calculation. When it
	// has a method Public() crypto.PublicKey returning an
	// [ed25519.PublicKey] (as [dsse.NewEd25519Signer]'s does), the
	// tools trust that key too: a tool set trusts what it signs.
	Signer dsse.Signer
	// Trusted are the keys whose signatures verify_receipt and
	// check_claims count, besides the Signer's own. They are the
	// application's choice; the model cannot add any.
	Trusted *dsse.KeyRing
	// Session keeps the receipts calculate makes, by id, and the ledger of
	// refusals and drafts. Give each conversation (each MCP session) its
	// own. Nil means a new session for the tools of each call to [All].
	Session *session.Session
	// Log, if not nil, is the transparency log every answer check_claims
	// releases is appended to: a leaf of the receipts that back it and
	// the digest of its text. The answer carries its inclusion proof; an
	// answer the log could not take is not released.
	Log *ledger.Log
	// Policy is the base policy of verify_receipt. The model may add rules
	// (periods, provenance, denials, required support) but not remove
	// these; AllowUnsigned and Threshold come from here only.
	Policy receipt.Policy
	// Sources are the documents the model may cite, by name: name → text.
	// When any are given, calculate grounds its inputs in them: an input
	// of provenance text must name one in its source field and quote it
	// verbatim, and the receipt records where the quote is (see
	// [receipt.Grounding]); verify_receipt and check_claims find every
	// grounded input's quote again in them, so a receipt grounded in
	// another copy of a document backs nothing. Each is parsed once, on
	// first use, for every tool of the set, in the format its name gives
	// or its text shows ([document.Sniff]: "10-K.htm" is HTML, a text that
	// starts with "<html" too), and its rendering ([document.Document.Text])
	// is what every tool reads: calculate grounds in it, verify_quotes and
	// score_verdicts find quotes in it, render_source hands it over.
	Sources map[string]string
	// Documents are more sources, already parsed ([document.Parse]), each
	// registered under its [document.Document.Name]: for a document whose
	// format its name does not give, such as "10-K" read from a file
	// 10-K.htm. The tools treat them as they treat Sources; a name given
	// twice, here or in both, refuses every call that reads the sources.
	Documents []*document.Document
	// Quote are the limits and switches of quote lookups.
	Quote quote.Options
	// Rubric is the rubric of score_verdicts; nil means
	// [scoring.GrantFit].
	Rubric *scoring.Rubric
	// Scoring are the settings of score_verdicts.
	Scoring scoring.Options
	// Facts are the authoritative values that back numbers in check_claims,
	// besides the results and inputs of verified receipts. They come from
	// the application: a model cannot back its own numbers.
	Facts []claim.Fact
	// Claim are the settings of check_claims: the classes of numbers that
	// are not claims, the question answered, strictness.
	Claim claim.Options
	// Tools names the tools [All] offers, in order; nil offers every tool
	// the other options make useful. See [Names].
	Tools []string
	// Today, if not nil, returns the application's date for the user,
	// YYYY-MM-DD, and is called once per calculate call (with TodayNote,
	// only for a calculation that needs a date): date_range and a
	// days_between input "today" resolve against it, and the receipt
	// records it. A model does not know what day it is, and the library
	// never reads a clock: nil means no today, and those operations are
	// refused with code today_not_injected. Which date it is (in the
	// user's time zone) is the application's to decide.
	Today func() string
	// TodayNote, if not empty, says that the date Today returns is not the
	// user's but a stand-in for it, and what it is ("the system clock's
	// date where reckon calc ran"): Today is then called only for a
	// calculation that needs a date, and its receipt is recorded as
	// "interpreted", with a note "today <date> is " and TodayNote, so that
	// whoever reads the receipt knows the date was not the user's choice.
	TodayNote string
	// Stateless, when set, makes every call stand alone, for a program
	// that sends requests in bulk rather than a conversation with a model
	// (reckon's CLI does): calculate keeps no receipt and answers the JSON
	// contract's response alone, as [receipt.Respond] gives it, without
	// receipt_id or backs_prose; no call is recorded in a ledger; and a
	// receipt_id passed to verify_receipt or check_claims is unknown.
	// Session is then ignored: a session would hold every receipt of a
	// batch until its end, and refuse the batch past its limits.
	Stateless bool
	// TracerProvider, if not nil, traces every call: one span a call, named
	// "reckon." and the tool's name, with operational attributes only (see
	// docs/cli.md for the attributes). Nil means no tracing, at no
	// cost.
	TracerProvider trace.TracerProvider
}

// The names of reckon's tools, in the order [All] offers them.
const (
	nameCalculate     = "calculate"
	nameVerifyReceipt = "verify_receipt"
	nameVerifyQuotes  = "verify_quotes"
	nameScoreVerdicts = "score_verdicts"
	nameCheckClaims   = "check_claims"
	nameRenderSource  = "render_source"
)

// Names returns the names of every tool reckon has, in a fixed order.
func Names() []string {
	return []string{nameCalculate, nameVerifyReceipt, nameVerifyQuotes, nameScoreVerdicts, nameCheckClaims, nameRenderSource}
}

// All returns the tools configured by opts: those named in opts.Tools, in
// that order, or, when opts.Tools is nil, every tool that opts make
// useful, in the order of [Names]:
//
//   - calculate and check_claims, always;
//   - verify_receipt, when opts trust a key (the Signer's own counts) or
//     allow unsigned receipts (without either, it could only refuse);
//   - verify_quotes, score_verdicts and render_source, when opts register
//     sources (their quotes can only name a registered source, and
//     render_source only read one).
//
// A name that is not a tool is left out; [Lookup] reports it. Each tool a
// model is offered costs its context its name, description and input
// schema, so offer only the tools it needs.
func All(opts Options) []Tool {
	opts.Sources = maps.Clone(opts.Sources) // later changes by the caller do not leak in
	opts.Documents = slices.Clone(opts.Documents)
	opts.Facts = slices.Clone(opts.Facts)
	opts.Trusted = TrustedKeys(opts)
	if opts.Session == nil || opts.Stateless {
		opts.Session = session.New(session.Options{}) // a stateless set never writes to it
	}
	// The sources are parsed and indexed once, on first use, so that
	// building the tool list costs nothing for an agent that never reads
	// one; the quote checks, scoring, calculate's grounding and
	// render_source share the one rendering and its index.
	indexed := sourceIndex(sync.OnceValues(func() (*quote.Sources, error) { return registerSources(opts) }))
	build := map[string]func() Tool{
		nameCalculate:     func() Tool { return calculateTool(opts, indexed) },
		nameVerifyReceipt: func() Tool { return verifyReceiptTool(opts, indexed) },
		nameVerifyQuotes:  func() Tool { return verifyQuotesTool(opts, indexed) },
		nameScoreVerdicts: func() Tool { return scoreVerdictsTool(opts, indexed) },
		nameCheckClaims:   func() Tool { return checkClaimsTool(opts, indexed) },
		nameRenderSource:  func() Tool { return renderSourceTool(opts, indexed) },
	}
	names := opts.Tools
	if names == nil {
		names = useful(opts)
	}
	var tracer trace.Tracer
	if opts.TracerProvider != nil {
		tracer = opts.TracerProvider.Tracer(TracerName)
	}
	tools := make([]Tool, 0, len(names))
	seen := map[string]bool{}
	for _, name := range names {
		if b, ok := build[name]; ok && !seen[name] {
			seen[name] = true
			t := b()
			t.tracer = tracer
			tools = append(tools, t)
		}
	}
	return tools
}

// TrustedKeys returns the keys the tools configured by opts trust: those of
// opts.Trusted and the public key of opts.Signer, when it tells it (see
// [Options].Signer).
func TrustedKeys(opts Options) *dsse.KeyRing {
	pub, ok := SignerKey(opts.Signer)
	if !ok {
		return opts.Trusted
	}
	ring, err := opts.Trusted.With(pub)
	if err != nil { // a key of the right size never fails
		return opts.Trusted
	}
	return ring
}

// SignerKey returns the Ed25519 public key of s, when s tells it through a
// method Public() crypto.PublicKey.
func SignerKey(s dsse.Signer) (ed25519.PublicKey, bool) {
	p, ok := s.(interface{ Public() crypto.PublicKey })
	if !ok {
		return nil, false
	}
	pub, ok := p.Public().(ed25519.PublicKey)
	return pub, ok && len(pub) == ed25519.PublicKeySize
}

// useful returns the names of the tools opts make useful.
func useful(opts Options) []string {
	var names []string
	for _, name := range Names() {
		switch name {
		case nameVerifyReceipt:
			if opts.Trusted.Len() == 0 && !opts.Policy.AllowUnsigned {
				continue
			}
		case nameVerifyQuotes, nameScoreVerdicts, nameRenderSource:
			if !hasSources(opts) {
				continue
			}
		}
		names = append(names, name)
	}
	return names
}

// Lookup returns the tool named name, configured by opts, whether or not
// opts make it useful. It reports false for a name that is not a tool.
// Tools looked up one by one share receipts by id only when opts.Session
// is set: without it, each gets a session of its own.
func Lookup(opts Options, name string) (Tool, bool) {
	opts.Tools = []string{name}
	tools := All(opts)
	if len(tools) == 0 {
		return Tool{}, false
	}
	return tools[0], true
}

// sourceIndex returns the registered sources, parsed and indexed once.
type sourceIndex func() (*quote.Sources, error)

func registerSources(opts Options) (*quote.Sources, error) {
	docs := slices.Clone(opts.Documents)
	for _, name := range slices.Sorted(maps.Keys(opts.Sources)) {
		text := opts.Sources[name]
		d, err := document.Parse(name, text, document.Sniff(name, text))
		if err != nil {
			return nil, fmt.Errorf("source %q: %w", name, err)
		}
		docs = append(docs, d)
	}
	return quote.SourcesFrom(opts.Quote, docs...)
}

// hasSources reports whether opts register any source.
func hasSources(opts Options) bool {
	return len(opts.Sources) > 0 || len(opts.Documents) > 0
}

// SourceNames returns the names of the sources opts register, from
// Sources and Documents, sorted, each once: the names the tools'
// descriptions list and a model may give in a source field.
func SourceNames(opts Options) []string {
	names := slices.Collect(maps.Keys(opts.Sources))
	for _, d := range opts.Documents {
		if d != nil {
			names = append(names, d.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Call runs the tool on args, the JSON arguments exactly as the model wrote
// them, and returns its JSON answer. A refused request is an answer, not an
// error: its "ok" is false and it says what to fix (see [Refused]). Call
// returns an error only when ctx is done, before or while the tool runs
// (the packages the tools run take no context, so work under way finishes
// first; its answer is dropped). A panic in the tool is recovered
// and answered as a refusal with code internal. The zero Tool, which runs
// nothing, answers every call with a refusal of code unknown_tool.
func (t Tool) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	out, _, err := t.call(ctx, args)
	return out, err
}

// Answer is [Tool.Call] that also reports whether the answer is a refusal,
// as [Refused] would, without reading the answer back: for a batch that
// counts its refusals, or an adapter that flags them (MCP's isError).
// Reading a signed calculation's answer back costs about a quarter of
// what calculating it did.
func (t Tool) Answer(ctx context.Context, args json.RawMessage) (answer json.RawMessage, refused bool, err error) {
	out, v, err := t.call(ctx, args)
	if err != nil {
		return nil, true, err
	}
	// The answers a batch makes by the thousand say it themselves; any
	// other is read back.
	switch a := v.(type) {
	case *receipt.Response:
		return out, !a.OK, nil
	case *receipt.Report:
		return out, !a.OK, nil
	}
	return out, Refused(out), nil
}

// call runs the tool as [Tool.Call] says, and returns its answer encoded
// and as the value it encodes, nil when that is not known.
func (t Tool) call(ctx context.Context, args json.RawMessage) (out json.RawMessage, answer any, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", t.Name, err)
	}
	if t.run == nil || t.refuse == nil {
		b, _ := json.Marshal(&receipt.Response{Error: &receipt.ErrorInfo{Code: fault.UnknownTool,
			Message: fmt.Sprintf("the tool %q is not one of reckon's tools", t.Name),
			Hint:    "call a tool that tool.All or tool.Lookup returned"}})
		return b, nil, nil
	}
	ctx, span := t.startSpan(ctx, args)
	defer func() {
		if p := recover(); p != nil {
			out, answer, err = t.encode(t.refuse(&receipt.ErrorInfo{Code: fault.Internal,
				Message: fmt.Sprintf("panic: %v", p),
				Hint:    hintBug})), nil, nil
		}
		endSpan(span, out)
	}()
	answer = t.run(ctx, args)
	if err := ctx.Err(); err != nil {
		// The context ended while the tool ran: the caller has stopped
		// waiting, so it gets the context's error, never an answer that
		// may have been cut short by it.
		return nil, nil, fmt.Errorf("%s: %w", t.Name, err)
	}
	return t.encode(answer), answer, nil
}

// encode marshals an answer as encoding/json does with HTML escaping off,
// so that a quote, a formula or an id keeps its < > and & as written, and
// an answer is the same bytes the CLI prints for it. Responses and reports,
// which a batch writes by the thousand, are appended without reflection
// (their AppendJSON methods are held to encoding/json). Every answer type
// is plain data, so failure is a programmer error and becomes an internal
// refusal.
func (t Tool) encode(v any) json.RawMessage {
	// Concrete types only: calcAnswer embeds *receipt.Response, whose
	// AppendJSON it must not take for its own.
	switch a := v.(type) {
	case *receipt.Response:
		return a.AppendJSON(make([]byte, 0, responseBuffer))
	case *receipt.Report:
		return a.AppendJSON(make([]byte, 0, reportBuffer))
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		b, _ := json.Marshal(t.refuse(&receipt.ErrorInfo{Code: fault.Internal, Message: "encode answer: " + err.Error(), Hint: hintBug}))
		return b
	}
	return bytes.Clone(bytes.TrimSuffix(b.Bytes(), []byte("\n"))) // no spare capacity kept alive with the answer
}

// The capacities answers are appended into: a signed calculation's
// response runs to about 4 KiB, the report on one to about 1 KiB.
const (
	responseBuffer = 4 << 10
	reportBuffer   = 1 << 10
)

// hintBug is the hint of an internal error.
const hintBug = "this is a bug in reckon, not in your request; report it with the request"

// Refused reports whether answer, the output of [Tool.Call], is a refusal:
// an object whose "ok" is false or missing. Adapters use it to flag the
// answer as an error to the model (MCP's isError, Anthropic's is_error).
func Refused(answer json.RawMessage) bool {
	var v struct {
		OK bool `json:"ok"`
	}
	return json.Unmarshal(answer, &v) != nil || !v.OK
}

// Dispatch calls the tool named name among tools, as an agent loop does
// with each tool call a model makes. A name that matches no tool is
// answered with a refusal of code unknown_tool that lists the names, so
// the model can correct itself. Like [Tool.Call], it returns an error only
// when ctx is done.
func Dispatch(ctx context.Context, tools []Tool, name string, args json.RawMessage) (json.RawMessage, error) {
	names := make([]string, len(tools))
	for i, t := range tools {
		if t.Name == name {
			return t.Call(ctx, args)
		}
		names[i] = t.Name
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, _ := json.Marshal(&receipt.Response{Error: &receipt.ErrorInfo{Code: fault.UnknownTool,
		Message: fmt.Sprintf("there is no tool %q", name),
		Hint:    "call one of " + strings.Join(names, ", ")}})
	return b, nil
}
