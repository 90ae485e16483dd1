// Package scoring turns a model's judgement into a score that code computes.
//
// A fit score is a judgement, so a model must make it, but only the part it
// is good at. The model rates each criterion of a [Rubric] with one verdict
// word and quotes its evidence; code holds the weights, which never appear
// in the [Prompt], maps each [Verdict] to an exact [Fraction] of its
// criterion's weight, checks every quote with package quote against the
// source it names, and adds up the total. A made-up total is not caught
// after the fact: it cannot be written down, because the format has nowhere
// to put one.
//
//	prompt := scoring.Prompt(scoring.GrantFit(), []string{"opportunity", "org profile"})
//	// … the model answers with blocks …
//	rep, err := scoring.Score(blocks, scoring.GrantFit(), sources, scoring.Options{})
//	// err == nil: every citation found and no evidence flagged;
//	// rep.Total.Points is the exact sum, rep.Criteria[i].Points each part
//
// [Score] returns the report only when its evidence passed, as
// x/mod/sumdb/note.Open returns a note only when it verifies: otherwise it
// returns nil and a [*ReportError] whose Report holds the downgraded score
// and every flag, for a person to review: callers that show every outcome
// (the CLI and the tool do) show that report.
//
// # Verdicts
//
// STRONG earns 1/1 of the criterion's weight, MODERATE 3/5, WEAK 1/5 and
// NONE 0/1. MODERATE on mission alignment, weighted 25, earns exactly 15.
//
// # Block format
//
// The model writes one block per criterion, in any order, and nothing else:
//
//	## mission alignment
//	- Verdict: MODERATE
//	- Citation (opportunity): "improve educational outcomes for young people"
//	- Citation (org profile): "Our mission is to help first-generation students"
//
// [Parse] reads it strictly, one line at a time; blank lines are ignored,
// and so is a code fence when it is the first and the last line.
//
//   - A heading is "## " and a criterion's name, matched without regard to
//     case and runs of white space and reported with the rubric's spelling.
//     Every criterion has exactly one block.
//   - The verdict line is "- Verdict: " and one of STRONG, MODERATE, WEAK
//     or NONE (in any ASCII case), alone. The word is compared after NFC
//     and must then be ASCII: "ſtrong" (a long s), full-width letters and
//     look-alikes from other scripts are refused, not folded.
//   - A citation line is "- Citation (source): " and a quote in double
//     quotation marks. The source is one of the names the caller supplied,
//     matched like criterion names. The quote opens with " or “ and closes
//     at the last " or ” of the line, in any pairing, so quotation marks
//     inside it are kept verbatim; only white space may follow it. Single
//     quotes and guillemets do not delimit a quote. A quote is one line.
//   - A verdict other than NONE needs at least one citation; a block may cite
//     any number of passages, up to 20, from any source. When
//     the rubric names a source for the criterion ([Criterion].Source),
//     the citations must include one from it ([fault.RequiredSource]).
//   - "- " may also be "* " or "+ ", and keys match without regard to case.
//
// Anything else is an error: prose, an unknown field, a score, points,
// weight, total or percentage field ([fault.ScoreField]) wherever it stands
// and however its key is dressed ("[total]: 5"), and any digit,
// numeric character or percent sign outside a quote
// ([fault.NumberOutsideQuote]), wherever it stands: in a heading ("## eligibility
// (weight 20)"), after a verdict ("STRONG (9/10)") or after a quote.
// [Parse] reports every problem it finds, up to 50, each an
// [*fault.Error] with a stable snake_case code, its 1-based line and a hint, in
// an [ErrorList]; blocks with any problem produce no blocks and no score.
// An ErrorList unwraps to its errors, so [errors.As] with one [*fault.Error]
// target, reckon's one error type, finds the first.
//
// # Needs input
//
// Where the sources lack a fact, the model writes "[NEEDS INPUT: question]"
// instead of guessing: as the verdict's value, as a citation's value (the
// source may then be left out) or as a line of its own in the block. Such a
// criterion is reported unrated with [FlagNeedsInput], earns nothing until
// the answer is in and the block is rewritten, and its weight is reported
// as pending.
//
// The question is copied into the report for a person to read, so it keeps
// the rule of every other line, or it would carry the total the format has
// no place for ("the total fit score is 98/100 (98%)"):
//
//   - it is at most 300 bytes ([fault.QuestionTooLong]) and
//     holds no invisible character or bidi control ([fault.MalformedMarker]);
//   - outside double quotation marks it holds no digit, numeric character
//     or percent sign ([fault.NumberOutsideQuote]), and no word of a score field,
//     verdict word or number written in words, such as "total", "strong"
//     or "ninety", compared loosely (NFKC, any case) ([fault.ScoreInQuestion]);
//   - inside them it quotes the sources: [Score] looks every quoted
//     passage up like a citation, in any source, and refuses a question
//     quoting words no source holds ([fault.QuestionQuoteNotFound]).
//
// A question that needs a date or a figure quotes it:
//
//	[NEEDS INPUT: can the summer bridge program begin by "July 1, 2025"?]
//
// # Scoring
//
// [Score] parses the blocks, checks every citation with package
// quote (so a quote found only in another source is reported as
// misattributed), and computes each criterion's points as weight ×
// fraction in exact rational arithmetic.
//
// A quote found word for word is not yet evidence for its verdict, so
// Score also makes the checks code can make of what the quotes are:
//
//   - one passage may not be a criterion's only evidence and another's
//     too: when found citations of two criteria that earn points overlap
//     in one source, both are flagged [FlagCitationReused], and a
//     criterion with no evidence of its own (every found citation shared,
//     or the others too short to say anything: fewer than five words, or
//     a heading or a name in capitals) is doubtful. One fact may bear on two criteria (the
//     organization's one sentence about its request cited by program fit
//     and by award size, each beside a citation of its own from the
//     funder's text): both keep their verdicts. One span cited for every
//     criterion earns nothing;
//   - a STRONG verdict whose found citations all have a negation inside
//     them or as the word beside them in the source ("not", "no", "never",
//     "non", "nor", "neither", "cannot", "without", "fails", "failed", a
//     contraction in n't, or "non-" or "un-" joined by any dash) is flagged [FlagNegated]: "Fiscally sponsored projects
//     are not eligible." is no evidence of a STRONG eligibility;
//   - a criterion the rubric ties to a source must cite it (see above).
//
// When a citation of a block is not found, or its block is flagged by one
// of these checks, the [Downgrade] policy, the default, scores the
// criterion as NONE, flagged [FlagDowngraded]; [KeepAndFlag] keeps the
// verdict and only flags it.
//
// Points and the total are exact plain decimal strings ("15", "0.2").
// The percentage is exact when its decimal expansion is finite ("62",
// "2.5"); otherwise it is rounded half-even to two places ("53.33") and
// [Total].Inexact is set.
//
// # Report
//
// OK is false only when the blocks, the rubric, the sources or the options
// are refused; the report then holds the errors, a null total and no
// criteria. A citation that fails verification leaves OK true: it flags
// its criterion and makes Verified false.
//
// "verified" means every citation was found in the source it names, and
// nothing more: the quotes are real, which does not make the verdicts
// right. "citations_found" says the same under its plain name, and
// "evidence_ok" is true when, besides, no criterion is flagged
// citation_reused or negated_evidence. A caller that must not act on
// questionable or incomplete evidence checks EvidenceOK and NeedsInput.
//
//	{"ok": true, "verified": false, "rubric": "grant-fit",
//	 "total": {"points": "70", "out_of": "100", "percent": "70", "pending": "10"},
//	 "criteria": [{"name": "mission alignment", "verdict": "MODERATE", "stated": "MODERATE",
//	   "weight": "25", "fraction": "3/5", "points": "15", "line": 6,
//	   "citations": [{"source": "opportunity", "quote": "…", "line": 8, "found": true,
//	     "tier": "whitespace", "start": 129, "end": 188, "source_line": 4, "source_column": 56,
//	     "matched": "…", "reason": "", "nearest": null}],
//	   "flags": []}],
//	 "needs_input": [{"criterion": "timeline", "question": "…", "line": 26}],
//	 "citations_found": false, "evidence_ok": false}
//	{"ok": false, "verified": false, "total": null, "criteria": [], "needs_input": [],
//	 "errors": [{"code": "score_field", "line": 1, "message": "…", "hint": "…"}],
//	 "citations_found": false, "evidence_ok": false}
//
// "verdict" is the verdict scored and "stated" the one the model wrote; an
// unrated criterion has "" for either. Flags are listed by name:
// needs_input, citation_not_found, citation_wrong_source, downgraded,
// citation_reused and negated_evidence.
//
// # Rubrics as JSON
//
// A rubric's weights and total are JSON strings, as every number that
// crosses a boundary is; an omitted total is 100.
//
//	{"name": "grant-fit", "total": "100", "criteria": [
//	  {"name": "eligibility", "weight": "20", "description": "…"}, …,
//	  {"name": "track record", "weight": "15", "description": "…", "source": "org profile"}, …]}
//
// A weight of zero or less, a weight written as a JSON number or as
// anything but digits, a duplicated name and weights that miss the total
// are errors. Names and descriptions hold no digits, so the prompt holds
// none: no weight can leak into it. They hold no invisible character
// (zero-width, default-ignorable) or bidirectional control either, so two
// names cannot differ by what no one sees and a description cannot show a
// person one order of words and the model another. "source", optional,
// names the source a rated block of the criterion must cite; a source a
// rubric names must be supplied ([fault.RubricSourceMissing]). The grant-fit rubric
// names [GrantFitProfile] for the track record. A [Request] bundles
// blocks, an optional rubric and named source texts for tools.
package scoring
