package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/reckonhq/reckon/scoring"
	"github.com/reckonhq/reckon/tool"
)

// maxBlocks bounds the model's verdict blocks read from stdin.
const maxBlocks = scoring.MaxBlocksBytes

// runScore is `reckon score [-rubric FILE] -source NAME=FILE… [-keep]`: the
// model's verdict blocks on stdin, the scored report on stdout. Weights live
// in the rubric (the grant-fit rubric when -rubric is omitted), never in the
// model's text. It exits 0 when the blocks parse, every citation is found
// in the source it names and no evidence is flagged (evidence_ok), and 1
// otherwise. With -prompt it prints the
// instructions for the model instead, with no weight in them.
func runScore(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("score", "[-rubric FILE] -source NAME=FILE… [-keep] [-prompt] [FILE]\n\nReads the model's verdict blocks (markdown) from FILE or stdin.", stderr)
	rubric := scoring.GrantFit()
	flags.Func("rubric", "score with the rubric in `FILE` (JSON); the default is the grant-fit rubric",
		func(name string) error {
			data, err := os.ReadFile(name)
			if err == nil {
				rubric, err = scoring.ParseRubric(data)
			}
			return err
		})
	var sources sourceFlag
	flags.Var(&sources, "source", "the document `NAME=FILE` that citations name; repeat for several")
	keep := flags.Bool("keep", false, "keep a verdict whose citation is not found, and only flag it")
	prompt := flags.Bool("prompt", false, "print the instructions for the model instead of scoring")
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	if len(sources.names) == 0 {
		// the prompt names the sources the model may cite: without them it
		// cannot tell the model how to write a citation
		fmt.Fprintln(stderr, "reckon score: give at least one -source NAME=FILE for the citations")
		return exitUsage
	}
	if *prompt {
		_, err := io.WriteString(stdout, scoring.Prompt(rubric, sources.names))
		return exitCode(err == nil)
	}
	blocks, err := readCapped(stdin, maxBlocks)
	if err != nil {
		fmt.Fprintf(stderr, "reckon score: read blocks: %v\n", err)
		return exitRefused
	}
	opts := tool.Options{Tools: []string{"score_verdicts"}, Stateless: true,
		Documents: sources.documents(), Rubric: &rubric}
	if *keep {
		opts.Scoring.Policy = scoring.KeepAndFlag
	}
	answer := scoreAnswer(tool.All(opts)[0], blocks, rubric, sources.names)
	if _, err := stdout.Write(append(answer, '\n')); err != nil {
		return exitRefused
	}
	var rep struct { // of the tool's answer, the scored report or its refusal, what the exit code reads
		OK         bool              `json:"ok"`
		Verified   bool              `json:"verified"`
		EvidenceOK bool              `json:"evidence_ok"`
		Errors     []json.RawMessage `json:"errors"`
	}
	_ = json.Unmarshal(answer, &rep)
	switch {
	case !rep.OK:
		fmt.Fprintf(stderr, "reckon score: the blocks were refused: %d errors\n", len(rep.Errors))
	case !rep.Verified:
		fmt.Fprintln(stderr, "reckon score: some citations were not found in the sources they name")
	case !rep.EvidenceOK:
		fmt.Fprintln(stderr, "reckon score: some evidence was flagged: a passage backs two criteria, "+
			"or a STRONG verdict rests on a lone negated passage")
	}
	return exitCode(rep.OK && rep.EvidenceOK)
}

// scoreAnswer is score_verdicts' answer to the blocks read from stdin.
// Blocks that are not UTF-8 text cannot be a tool's argument, as no JSON
// string holds them: scoring's parser refuses them here, with the same
// report it gives there (code invalid_utf8, and whatever it finds before).
func scoreAnswer(t tool.Tool, blocks []byte, rubric scoring.Rubric, sources []string) []byte {
	if !utf8.Valid(blocks) {
		_, err := scoring.Parse(string(blocks), rubric, sources)
		var errs scoring.ErrorList
		errors.As(err, &errs)
		return bytes.TrimSuffix(encodeLine(scoring.Report{Criteria: []scoring.CriterionReport{},
			NeedsInput: []scoring.Question{}, Errors: errs}), []byte("\n"))
	}
	args, _ := json.Marshal(map[string]string{"blocks": string(blocks)}) // a map of strings always encodes
	answer, _ := call(t, args)
	return answer
}

func exitCode(ok bool) int {
	if ok {
		return exitOK
	}
	return exitRefused
}
