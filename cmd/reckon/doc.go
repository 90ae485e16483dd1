// Command reckon is reckon's command line, for people, pipelines and
// auditors: the model reads, the code reckons.
//
// Usage:
//
//	reckon calc [-key FILE] [-source NAME=FILE]… [-today YYYY-MM-DD] [-jsonl] [FILE] > response.json
//	reckon verify [-pub FILE]… [-source NAME=FILE]… [-policy FILE] [-require-grounding] [-jsonl] [FILE]   > report.json
//	reckon keygen -out PREFIX
//	reckon quote -source NAME=FILE… [-ellipsis] [FILE]             > report.json
//	reckon score [-rubric FILE] -source NAME=FILE… [-keep] [-prompt] [FILE] > report.json
//	reckon claims [-pub FILE]… [-policy FILE] [-source NAME=FILE]… [-fact LABEL=VALUE UNIT]… [-facts FILE] [FILE] > report.json
//	reckon mcp [-key FILE] [-pub FILE]… [-source NAME=FILE]… [-fact LABEL=VALUE UNIT]… [-facts FILE]
//	           [-rubric FILE] [-policy FILE] [-tools LIST] [-today YYYY-MM-DD] [-trace FILE]
//	           [-http ADDR [-sessions N] [-idle DURATION]] [-v]
//	reckon inspect [FILE]
//	reckon render [-format text|markdown|html|csv] [FILE]
//	reckon demo [-json]
//	reckon version
//
// JSON goes in from the file argument or stdin ("-"), and out on stdout;
// words for people go to stderr. -h, -help and --help show a command's
// flags and exit 0.
//
// # Commands
//
// calc reads one calculation request, the JSON contract's request object,
// and writes one response: the result, the expanded expression and the
// receipt, signed with -key or else unsigned. The named operations that
// need today's date (date_range, a days_between input "today") take it from
// -today; without it, and only for them, calc takes the system clock's date
// and says so on stderr and in the receipt's interpretation. Each -source
// registers a document: every input of provenance text must then name one
// in its "source" field and quote it verbatim, and the receipt records the
// document's SHA-256, the quote's byte span and the tier that matched.
//
// verify reads a receipt, either as a DSSE envelope or inside a whole calc
// response, checks its signatures against the -pub keys, re-executes it,
// applies the -policy file, and writes a report. A receipt without a
// signature by a trusted key passes only under a policy with
// "allow_unsigned": true. With -source, every grounded quote is found again
// in the document it names, which must have the recorded SHA-256; without
// it, the report says "grounding": "not_checked".
//
// keygen writes a new Ed25519 key pair: PREFIX.key (PKCS#8 PEM, mode 0600)
// and PREFIX.pub (PKIX PEM). openssl reads both.
//
// quote checks that each quote in the request appears verbatim in the
// source it names, tolerant of line wrapping, case, typography, hyphenation
// and markup, never of a changed digit. A quote found in another source is
// reported as misattributed; one found nowhere comes with the nearest
// candidate and what differs.
//
// score parses the model's verdict blocks, checks every citation against
// the source it names, and scores them with the rubric's weights (the
// grant-fit rubric by default), which never appear in the model's text.
// -prompt prints the instructions for the model instead.
//
// claims is the release gate: it finds every number in a draft answer and
// releases the answer only when each is backed, at the precision shown, by
// a receipt that verifies under the -pub keys or by an authoritative fact:
// the request's own, and those of -fact ("documents matching=84 count":
// the label, then the value, then the unit as the last word) and -facts (a
// JSON list of facts).
//
// mcp serves the tools calculate, verify_receipt, verify_quotes,
// score_verdicts, check_claims and render_source to an MCP client over stdio, or with
// -http ADDR over the MCP streamable HTTP transport, one reckon session per
// MCP session. The signing key (which it also trusts), the other trusted
// keys, the documents, the facts and the rubric come from flags, never from
// the model. calculate answers with a receipt_id that check_claims and
// verify_receipt take in place of the receipt. At startup it writes to
// stderr what it signs with, what it trusts, which sources, facts and
// tools it holds, and where today's date comes from: -today, or the system
// clock's date at each call.
//
// render prints a document as reckon reads it: its rendering, the text
// the model is shown and its quotes are checked against (HTML and Markdown
// as visible text, a table row a line with its cells joined by " | ",
// plain text as it is), and one newline. The format is -format's, or the
// one the file's extension names, or HTML for a text that starts with
// markup. Every -source NAME=FILE is read by the same rule, from FILE's
// name, never NAME's: an .htm filing grounds in its rendering, and quote
// and score report offsets into it.
//
// inspect shows a receipt, as an envelope or inside a calc response, for a
// person: formula, expanded expression, inputs as printed, result and the
// key ids the envelope claims. It verifies nothing, and says so first.
//
// version prints the module version, the Go version and the receipt types
// this build verifies.
//
// demo tells the stories reckon exists for, end to end, with a key that
// lives only in memory: each answer calculated, signed and verified, beside
// the drafts refused on the way. -json prints the responses instead.
//
// # Commands and tools
//
// calc, verify, quote, score, claims and render are faces of the tools an
// agent is served over MCP: calculate, verify_receipt, verify_quotes,
// score_verdicts, check_claims and render_source. Each command builds the
// tools' options from its flags, once per run (so a batch indexes its
// sources once), calls the tool, and prints its answer: a command and its
// tool give the same JSON for the same input. What differs is who the
// caller is. The tools a command builds keep no session: calc answers the
// JSON contract's response, without the receipt_id a conversation would
// pass on. The facts and question in a claims request are the
// application's, as -fact's are, never a model's. Text that is not UTF-8,
// which no JSON string can carry to a tool, stays with the command: verify
// and score refuse such input as the library does, and render prints such
// a rendering as its own bytes.
//
// # Batches
//
// With -jsonl, calc and verify read one JSON object a line and write one
// answer a line, in input order, using every core. A line that is not valid
// JSON, or longer than 1 MiB, gets an error answer and the batch goes on;
// blank lines, those of JSON white space only, are skipped. A refused
// line's answer carries "line", its line number in the input (blank lines
// counted), and the request's "id" when it can be read, also from a line
// cut short after it. Memory stays bounded however long the input.
//
// # Exit codes
//
//	0  done, and every result accepted
//	1  refused: an invalid request, a failed verification, an unfound
//	   quote, flagged evidence in a score, an unbacked number, a key file
//	   keygen would overwrite; or an input or output failure
//	2  usage: no or unknown command, bad flags, or a file named by a flag
//	   that cannot be read or parsed
package main
