// Package tool offers reckon's capabilities as framework-neutral tools for a
// language-model agent: a name, a description written for the model, a JSON
// Schema for the arguments and one for the answer, and a Call function from
// JSON arguments to a JSON answer.
//
// Hand [All] to any agent framework: the adapters for MCP (package
// [github.com/reckonhq/reckon/tool/mcpserver]), OpenAI, Anthropic and
// langchaingo are a few lines each, because every framework needs exactly
// these four things.
//
// # The tools
//
//   - calculate: the request of reckon's JSON contract in, its response out
//     ([receipt.DecodeRequest], [receipt.Respond]), with "receipt_id": the
//     id under which the session keeps the receipt. With sources
//     registered in [Options], every input read from text names one in
//     "source" and quotes it, and the receipt records where the quote is
//     ([receipt.Grounding]).
//   - verify_receipt: a receipt id (or a receipt envelope, or the text of
//     an envelope or of a whole calc response, as a program read it) and
//     extra policy rules in, a [receipt.Report] out. The trusted keys come from
//     [Options], never from the model; with sources registered, every
//     grounded quote is found again in its document.
//   - verify_quotes: a [quote.Request] in, a [quote.Report] out. The sources
//     are documents the application registers by name in [Options]; the
//     model only names them.
//   - score_verdicts: the model's verdict blocks in, a [scoring.Report] out.
//     The rubric ([Options].Rubric, [scoring.GrantFit] by default) and the
//     sources are the application's; the description carries the
//     rubric's prompt ([scoring.Prompt]).
//   - check_claims: the model's answer text, the question, and its receipt
//     ids (or envelopes) in, a [claim.Report] out: the release gate. The facts that back numbers,
//     the trusted keys and the classes of numbers that are not claims come
//     from [Options]; a model cannot back its own numbers.
//   - render_source: a source's name in, the document as every other tool
//     reads it out: its rendering ([document.Document.Text]), format and
//     digest, so that the model quotes what reckon checks quotes against.
//
// # Description budget
//
// Each tool offered costs a model's context its name, description and
// input schema on every turn. A test keeps the total, for every tool with
// the default rubric and no sources, measured as an encoder sends it
// (compact JSON), under a budget of 24,000 bytes; it was 22,357 bytes when
// the budget was set, and 23,877 with render_source. The output schemas
// are kept under 18,500 bytes; they were 16,744, 17,875, and 18,081 with
// calculate's backs_prose (the budget raised from 18,000). Offer only
// the tools a model needs ([Options].Tools) to pay for less.
//
// # Sessions and keys
//
// The tools of one call to [All] share a [session.Session] ([Options].Session,
// or a new one): calculate keeps each receipt there under a short id, and the
// model passes ids, not kilobytes of base64 it would have to copy exactly.
// An id resolves only in its session (code unknown_receipt_id elsewhere);
// an envelope is accepted anywhere. The session's ledger keeps every
// receipt made, every refused calculation and every checked draft. Give
// each conversation its own session. A program that sends requests in
// bulk rather than a conversation, as reckon's CLI does, sets
// [Options].Stateless: nothing is kept, and calculate answers the JSON
// contract's response alone.
//
// A tool set that signs trusts its signer's public key ([TrustedKeys]), so
// the receipts calculate signs verify in check_claims without more setup. A
// receipt refused because no trusted key signed it says, in its hint, that
// the fix is the application's configuration.
//
// # Answers and errors
//
// Every number crosses the boundary as a string, exactly as printed, and
// arguments are decoded from the raw JSON bytes: a JSON number where a
// string belongs is refused with code bad_request and a hint, never rounded
// through float64.
//
// A refused request is a normal answer whose "ok" is false and which says
// what to fix (a code, a message, a hint and, for formulas, a byte span);
// [Refused] tells it apart. Call returns a Go error only when its context
// is done. A panic inside a tool is recovered and answered with code
// internal.
//
// # Schemas
//
// The schemas are hand-written and embedded, and keep to the subset that
// OpenAI's strict mode, Gemini and MCP clients all accept: every object
// lists all its properties and sets "additionalProperties": false; every
// property of an argument object is required (an optional value is an
// empty string, an empty list, or null through "anyOf"); there is no
// "format", "$ref" or "oneOf"; decimals are strings. Answer schemas follow
// the same rules, except that they list as required only the fields every
// answer carries.
package tool
