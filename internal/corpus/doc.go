// Package corpus runs reckon's grounding over real documents written by
// others and measures both kinds of failure: an honest transcription
// refused, and a wrong one accepted and signed.
//
// The data live in testdata (see testdata/README.md for where they come
// from): six SEC filings in inline XBRL, each registered once as its
// plain-text rendering and once as its HTML, with 2,400 table-cell facts whose
// scale, sign and unit the filer declared; and TAT-QA's dev split, 662
// questions over report contexts with the annotators' answers.
//
// # Filings
//
// For every fact printed in a table cell, [Run] submits the transcription a
// careful reader would make (formula "x", the row as the quote, the number as
// the table shows it, the filer's unit and scale) and counts it accepted when
// reckon computes exactly the value the table shows. It then submits two
// wrong transcriptions that must be refused: the scale one step up and one
// step down (a thousand times off), and, for a number printed in parentheses,
// the number without them. An accepted wrong transcription is a wrong number
// signed. Every refusal that names a fix ([fault.Fix]) is followed, as a
// program would follow it, up to [FilingRounds] times: a fix that leads to an
// accepted value other than the truth is a hint that names a wrong fix.
//
// # TAT-QA
//
// For every case, [Run] transcribes each input from what its quote prints
// around the number (a "$" before it, a "%" after it, a scale word with it),
// calculates the case's formula, follows the fixes of its refusals up to
// [CaseRounds] times, and compares the result with the annotators' answer at
// the answer's printed places.
//
// # Report
//
// [Report.Markdown] prints the figures, the refusals grouped by code with an
// example each and every wrong number signed; [Report.Exceptions] lists every
// honest transcription refused and every case that did not reach its answer.
// Neither holds a timing or a path, so a report is the same on every machine.
package corpus
