// Command reckon is reckon's command line, for people, pipelines and
// auditors: the model reads, the code reckons.
//
// Usage:
//
//	reckon calc [-key FILE] [-jsonl]            < request.json   > response.json
//	reckon verify [-pub FILE]… [-policy FILE] [-jsonl] < response.json > report.json
//	reckon keygen -out PREFIX
//	reckon demo
//
// JSON goes in on stdin and out on stdout; words for people go to stderr.
//
// # Commands
//
// calc reads one calculation request, the JSON contract's request object,
// and writes one response: the result, the expanded expression and the
// receipt, signed with -key or else unsigned.
//
// verify reads a receipt, either as a DSSE envelope or inside a whole calc
// response, checks its signatures against the -pub keys, re-executes it,
// applies the -policy file, and writes a report. A receipt without a
// signature by a trusted key passes only under a policy with
// "allow_unsigned": true.
//
// keygen writes a new Ed25519 key pair: PREFIX.key (PKCS#8 PEM, mode 0600)
// and PREFIX.pub (PKIX PEM). openssl reads both.
//
// demo calculates, signs and verifies the built-in stories with a key that
// lives only in memory, and prints each for people.
//
// # Batches
//
// With -jsonl, calc and verify read one JSON object a line and write one
// answer a line, in input order, using every core. A line that is not valid
// JSON, or longer than 1 MiB, gets an error answer and the batch goes on;
// blank lines are skipped. Memory stays bounded however long the input.
//
// # Exit codes
//
//	0  done, and every result accepted
//	1  refused: an invalid request, a failed verification, a key file
//	   keygen would overwrite; or an input or output failure
//	2  usage: no or unknown command, bad flags, or a file named by a flag
//	   that cannot be read or parsed
package main
