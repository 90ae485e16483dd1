package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/tool"
)

// runRender is `reckon render [-format text|markdown|html|csv] [FILE]`: it
// prints the rendering of the document in FILE (or stdin), the text the
// model is shown and its quotes are checked against: exactly
// [document.Document.Text] and one newline, so that stdout less its last
// byte is the rendering, byte for byte, and the offsets quote and score
// report count in it. The format is -format's, or else the one FILE's
// extension gives or its text shows ([document.Sniff]), the rule -source
// follows. It exits 0 when the document was rendered, 1 when it could not
// be read as its format or stdout failed, and 2 for bad flags or a file
// that cannot be opened.
func runRender(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("render", "[-format text|markdown|html|csv] [FILE]\n\n"+
		"Prints the rendering of the document in FILE or stdin: the text the model is shown, and that quotes\n"+
		"and grounding are checked against (HTML and Markdown as visible text, a table row a line, cells joined by \" | \").", stderr)
	format, named := document.Text, false
	flags.Func("format", "read the document as `FORMAT`: text, markdown, html or csv; by default, the one FILE's extension names or its text shows",
		func(v string) (err error) {
			format, err = document.ParseFormat(v)
			named = err == nil
			return err
		})
	in, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	name := flags.Arg(0) // "" or "-" for stdin: Sniff reads the text alone
	data, err := readCapped(in, quote.MaxSourceBytes)
	if err != nil {
		fmt.Fprintf(stderr, "reckon render: %v\n", err)
		return exitRefused
	}
	if len(data) > quote.MaxSourceBytes {
		fmt.Fprintf(stderr, "reckon render: %s is over the limit of %d bytes\n", inputName(name), quote.MaxSourceBytes)
		return exitRefused
	}
	text := string(data)
	if !named {
		format = document.Sniff(name, text)
	}
	doc, err := document.Parse(name, text, format)
	if err != nil {
		fmt.Fprintf(stderr, "reckon render: %s: %v\n", inputName(name), err)
		return exitRefused
	}
	doc.Name = inputName(name) // registered under a name, as every source is
	shown, err := renderedByTool(doc)
	if err != nil {
		fmt.Fprintf(stderr, "reckon render: %s: %v\n", doc.Name, err)
		return exitRefused
	}
	if _, err := io.WriteString(stdout, shown+"\n"); err != nil {
		return exitRefused
	}
	return exitOK
}

// renderedByTool is the text render_source hands a model for doc, registered
// alone. A rendering that is not UTF-8 (a plain text file in another
// encoding) is not what a JSON string can carry: its own bytes are printed,
// which are the ones quotes are checked against and offsets count in.
func renderedByTool(doc *document.Document) (string, error) {
	opts := tool.Options{Tools: []string{"render_source"}, Stateless: true, Documents: []*document.Document{doc}}
	args, _ := json.Marshal(map[string]string{"source": doc.Name}) // a map of strings always encodes
	answer, refused := call(tool.All(opts)[0], args)
	var a struct {
		Text  string `json:"text"`
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	_ = json.Unmarshal(answer, &a) // the tool's answer: the rendering, or why not
	switch {
	case refused:
		return "", errors.New(a.Error.Message)
	case !utf8.ValidString(doc.Text()):
		return doc.Text(), nil
	}
	return a.Text, nil
}

// inputName names the input in a message: its file, or stdin.
func inputName(arg string) string {
	if arg == "" || arg == "-" {
		return "stdin"
	}
	return arg
}
