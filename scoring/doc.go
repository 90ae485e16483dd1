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
//	rep := scoring.Score(blocks, scoring.GrantFit(), sources, scoring.Options{})
//	// rep.Total.Points == "70", rep.Criteria[1].Points == "15"
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
//     or NONE (in any case), alone.
//   - A citation line is "- Citation (source): " and a quote in double
//     quotation marks. The source is one of the names the caller supplied,
//     matched like criterion names. The quote opens with " or “ and closes
//     at the last " or ” of the line, in any pairing, so quotation marks
//     inside it are kept verbatim; only white space may follow it. Single
//     quotes and guillemets do not delimit a quote. A quote is one line.
//   - A verdict other than NONE needs at least one citation; a block may cite
//     any number of passages, up to [MaxCitations], from any source.
//   - "- " may also be "* " or "+ ", and keys match without regard to case.
//
// Anything else is an error: prose, an unknown field, a score, points,
// weight, total or percentage field ([CodeScoreField]), and any digit,
// numeric character or percent sign outside a quote
// ([CodeNumberOutside]), wherever it stands: in a heading ("## eligibility
// (weight 20)"), after a verdict ("STRONG (9/10)") or after a quote.
// [Parse] reports every problem it finds, up to [MaxErrors], each an
// [*Error] with a stable snake_case code, its 1-based line and a hint, in
// an [ErrorList]; blocks with any problem produce no blocks and no score.
//
// # Needs input
//
// Where the sources lack a fact, the model writes "[NEEDS INPUT: question]"
// instead of guessing: as the verdict's value, as a citation's value (the
// source may then be left out) or as a line of its own in the block. The
// question may hold numbers; it is shown to a person, never counted. Such a
// criterion is reported unrated with [FlagNeedsInput], earns nothing until
// the answer is in and the block is rewritten, and its weight is reported
// as pending.
//
// # Scoring
//
// [Score] parses the blocks, checks every citation with quote.Check (so a
// quote found only in another source is reported as misattributed), and
// computes each criterion's points as weight × fraction in exact rational
// arithmetic. When a citation of a block is not found, the [Downgrade]
// policy, the default, scores the criterion as NONE, flagged
// [FlagDowngraded]; [KeepAndFlag] keeps the verdict and only flags it.
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
// its criterion and makes Verified false. A caller that must not act on
// an unverified or incomplete score checks Verified and NeedsInput.
//
//	{"ok": true, "verified": false, "rubric": "grant-fit",
//	 "total": {"points": "70", "out_of": "100", "percent": "70", "pending": "10"},
//	 "criteria": [{"name": "mission alignment", "verdict": "MODERATE", "stated": "MODERATE",
//	   "weight": "25", "fraction": "3/5", "points": "15", "line": 6,
//	   "citations": [{"source": "opportunity", "quote": "…", "line": 8, "found": true,
//	     "tier": "whitespace", "start": 129, "end": 188, "source_line": 4, "source_column": 56,
//	     "matched": "…", "reason": "", "nearest": null}],
//	   "flags": []}],
//	 "needs_input": [{"criterion": "timeline", "question": "…", "line": 26}]}
//	{"ok": false, "verified": false, "total": null, "criteria": [], "needs_input": [],
//	 "errors": [{"code": "score_field", "line": 1, "message": "…", "hint": "…"}]}
//
// "verdict" is the verdict scored and "stated" the one the model wrote; an
// unrated criterion has "" for either. Flags are listed by name:
// needs_input, citation_not_found, citation_wrong_source and downgraded.
//
// # Rubrics as JSON
//
// A rubric's weights and total are JSON strings, as every number that
// crosses a boundary is; an omitted total is 100.
//
//	{"name": "grant-fit", "total": "100", "criteria": [
//	  {"name": "eligibility", "weight": "20", "description": "…"}, …]}
//
// A weight of zero or less, a weight written as a JSON number or as
// anything but digits, a duplicated name and weights that miss the total
// are errors. Names and descriptions hold no digits, so the prompt holds
// none: no weight can leak into it. A [Request] bundles blocks, an
// optional rubric and named source texts for tools.
package scoring
