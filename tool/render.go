package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
	"github.com/reckonhq/reckon/receipt"
)

const renderSourceDescription = `Read a registered source as reckon reads it: the text calculate, verify_quotes and score_verdicts check quotes against. Quote from this text. HTML and Markdown come as visible text, a block a line, a table row a line with its cells joined by " | "; plain text as is.

Pass: {"source": "<document name>"}.

Answer: {"ok": true, "source", "format", "text", "digest" (sha256 of the document's bytes, as receipts record it)}. If "ok" is false, read error.code and error.hint.`

// renderAnswer is render_source's answer: one registered document's
// rendering, the text every other tool of the set reads.
type renderAnswer struct {
	OK     bool   `json:"ok"`
	Source string `json:"source"`
	Format string `json:"format"` // document.Format's name: text, markdown, html or csv
	Text   string `json:"text"`   // document.Document.Text, whole
	Digest string `json:"digest"` // of the original bytes, as a grounding records it
}

// renderRefusal is render_source's answer for a request it did not answer.
type renderRefusal struct {
	OK     bool               `json:"ok"`
	Source string             `json:"source"`
	Error  *receipt.ErrorInfo `json:"error"`
}

// renderSourceTool is the render_source tool over the sources of opts: the
// same documents, parsed once, that calculate grounds in and verify_quotes
// looks quotes up in.
func renderSourceTool(opts Options, indexed sourceIndex) Tool {
	names := SourceNames(opts)
	desc := renderSourceDescription + "\n\nSources: none are registered."
	if len(names) > 0 {
		desc = renderSourceDescription + "\n\nSources: " + strings.Join(names, ", ") + "."
	}
	return Tool{
		Name:              nameRenderSource,
		Description:       desc,
		InputSchema:       optionalSchema(nameRenderSource),
		StrictInputSchema: schema(nameRenderSource, "input"),
		OutputSchema:      schema(nameRenderSource, "output"),
		run: func(_ context.Context, args json.RawMessage) any {
			var a struct {
				Source string `json:"source"`
			}
			if e := decodeArgs(args, &a, "source"); e != nil {
				return &renderRefusal{Error: e}
			}
			s, err := indexed()
			if err != nil {
				e := quoteError(err)
				return &renderRefusal{Source: a.Source, Error: &receipt.ErrorInfo{Code: e.Code, Message: e.Msg, Hint: e.Hint}}
			}
			src, ok := s.Lookup(a.Source)
			if !ok {
				return &renderRefusal{Source: a.Source, Error: unknownSource(a.Source, s.Names())}
			}
			return &renderAnswer{OK: true, Source: src.Name, Format: src.Doc.Format.String(),
				Text: src.Doc.Text(), Digest: src.Digest}
		},
		refuse: func(e *receipt.ErrorInfo) any { return &renderRefusal{Error: e} },
	}
}

// unknownSource refuses a source name that is not registered; the hint
// lists the names that are, as grounding's does.
func unknownSource(name string, names []string) *receipt.ErrorInfo {
	msg := fmt.Sprintf("source %q is not registered", clip(name))
	if name == "" {
		msg = "no source is named"
	}
	hint := "name one of the registered sources in source: " + strings.Join(names, ", ")
	if len(names) == 0 {
		hint = "no source is registered: the application registers the documents, and you name one"
	}
	return &receipt.ErrorInfo{Code: fault.UnknownSource, Field: "source", Message: msg, Hint: hint}
}

// clip shortens a name the model sent before a message repeats it: 80
// bytes name any document, and a longer one is not a name.
func clip(s string) string { return short.To(s, 80) }
