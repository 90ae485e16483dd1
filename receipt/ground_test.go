package receipt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// sourceText reads a document of testdata/sources.
func sourceText(t testing.TB, file string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "sources", file))
	require.NoError(t, err)
	return string(data)
}

// costcoSources registers the 10-K excerpt the costco seed request quotes,
// and another document, as "10-K" and "press".
func costcoSources(t testing.TB) *quote.Sources {
	t.Helper()
	src, err := quote.NewSources(map[string]string{
		"10-K":  sourceText(t, "costco-10k.md"),
		"press": "Costco reported revenue of $195,929 million, and net income of $5,007 million.",
	})
	require.NoError(t, err)
	return src
}

// groundedRequest is the costco seed request with every input naming the
// 10-K, and the sources registered.
func groundedRequest(t testing.TB) *Request {
	req := loadRequest(t, "costco")
	for i := range req.Inputs {
		req.Inputs[i].Source = "10-K"
	}
	req.Sources = costcoSources(t)
	return req
}

func TestCalculateRecordsGrounding(t *testing.T) {
	req := groundedRequest(t)
	doc := sourceText(t, "costco-10k.md")
	r, err := Calculate(req)
	require.NoError(t, err)
	require.Equal(t, TypeV2, r.Type)
	for i, in := range r.Inputs {
		g := in.Grounding
		require.NotNil(t, g, in.Name)
		require.Equal(t, "10-K", g.Source)
		require.Equal(t, quote.Digest(doc), g.Digest)
		require.Equal(t, req.Inputs[i].Quote, doc[g.Span[0]:g.Span[1]], "the span is the quote's bytes in the original source")
		require.Equal(t, "exact", g.Tier)
	}
	require.Equal(t, "1.344", r.Result.Value, "grounding changes nothing in the arithmetic")

	t.Run("tier", func(t *testing.T) {
		req := groundedRequest(t)
		req.Inputs[3].Quote = "OPERATING INCOME 6,708"
		r, err := Calculate(req)
		require.NoError(t, err)
		require.Equal(t, "case", r.Inputs[3].Grounding.Tier)
		require.Equal(t, "Operating income 6,708", doc[r.Inputs[3].Grounding.Span[0]:r.Inputs[3].Grounding.Span[1]])
	})
	t.Run("operation", func(t *testing.T) {
		req := loadOperation(t, "mortgage")
		src, err := quote.NewSources(map[string]string{"estimate": sourceText(t, "loan-estimate.txt")})
		require.NoError(t, err)
		req.Sources = src
		for i := range req.Inputs {
			req.Inputs[i].Source = "estimate"
		}
		r, err := Calculate(req)
		require.NoError(t, err)
		require.Equal(t, TypeOperationV2, r.Type)
		for _, in := range r.Inputs {
			require.NotNil(t, in.Grounding, in.Name)
		}
	})
}

func TestCalculateWithoutSources(t *testing.T) {
	req := loadRequest(t, "costco")
	req.Inputs[0].Source = "10-K"
	r, err := Calculate(req)
	require.NoError(t, err, "with no sources registered, a source name is recorded, not checked")
	require.Equal(t, TypeV2, r.Type)
	require.Equal(t, "10-K", r.Inputs[0].Source)
	require.Nil(t, r.Inputs[0].Grounding)

	r, err = Calculate(loadRequest(t, "costco"))
	require.NoError(t, err)
	require.Equal(t, TypeV1, r.Type, "a request that names no source makes the receipt it always made")
}

func TestGroundingRefusals(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(req *Request)
		code   string
		field  string
		says   string // in the message or hint
		reason string
	}{
		{"no source", func(req *Request) { req.Inputs[1].Source = "" }, fault.UnknownSource, "inputs[1].source", "10-K, press",
			"a number read from text must name its document; the hint lists the registered names"},
		{"unknown source", func(req *Request) { req.Inputs[1].Source = "10-Q" }, fault.UnknownSource, "inputs[1].source", `"10-Q"`, ""},
		{"no quote", func(req *Request) { req.Inputs[1].Quote = "" }, fault.MissingField, "inputs[1].quote", "", ""},
		{"quote not found", func(req *Request) {
			req.Inputs[1].Display, req.Inputs[1].Quote = "6,962", "Long-term debt, excluding current portion 6,962"
		}, fault.QuoteNotFound, "inputs[1].quote", "source says 6,692 where the quote says 6,962", "the nearest candidate, as quote reports it"},
		{"wrong source", func(req *Request) {
			req.Inputs[1].Display, req.Inputs[1].Unit, req.Inputs[1].Quote = "$5,007", "USD", "net income of $5,007 million"
		}, fault.QuoteNotFound, "inputs[1].quote", "press", "the quote is in another registered document"},
		{"user input, unknown source", func(req *Request) {
			req.Inputs[0].Provenance, req.Inputs[0].Source = ProvenanceUser, "chat"
		}, fault.UnknownSource, "inputs[0].source", "", "a named source must be registered whatever the provenance"},
		{"sign", func(req *Request) {
			req.Inputs[0].Display = "-799"
		}, fault.QuoteMismatch, "inputs[0].display", "", "the display reads as -799, the quote prints 799"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := groundedRequest(t)
			tc.edit(req)
			_, err := Calculate(req)
			require.Error(t, err, tc.reason)
			info := Describe(err)
			require.Equal(t, tc.code, info.Code, "%+v", info)
			require.Equal(t, tc.field, info.Field)
			require.Contains(t, info.Message+" "+info.Hint, tc.says)
		})
	}
}

// TestGroundingRefusesStruckText: a number the source strikes through is
// not in the document, however the quote is written.
func TestGroundingRefusesStruckText(t *testing.T) {
	tests := []struct {
		name, source, quote, display string
		code                         string
	}{
		{"del in quote", "Revenue was <del>5</del> 7 million this year.", "Revenue was <del>5</del> 7 million", "5", fault.QuoteMismatch},
		{"s in quote", "Revenue was <s>5</s> 7 million this year.", "Revenue was <s>5</s> 7 million", "5", fault.QuoteMismatch},
		{"strike in quote", "Revenue was <strike>5</strike> 7 million this year.", "Revenue was <strike>5</strike> 7 million", "5", fault.QuoteMismatch},
		{"tilde in quote", "Revenue was ~~5~~ 7 million this year.", "Revenue was ~~5~~ 7 million", "5", fault.QuoteMismatch},
		{"struck quote", "Revenue was <del>5 million</del> 7 million this year.", "Revenue was 5 million", "5", fault.QuoteNotFound},
		{"struck tilde quote", "Revenue was ~~5 million~~ 7 million this year.", "Revenue was 5 million", "5", fault.QuoteNotFound},
		{"struck digit", "Revenue was 1<del>5</del>7 million this year.", "Revenue was 157 million", "157", fault.QuoteNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, err := quote.NewSources(map[string]string{"doc": tc.source})
			require.NoError(t, err)
			req := &Request{ID: "x", Formula: "r", Sources: src, Inputs: []Input{{Name: "r", Display: tc.display,
				Unit: "USD", Scale: "million", Provenance: ProvenanceText, Source: "doc", Quote: tc.quote}}}
			_, err = Calculate(req)
			require.Error(t, err)
			require.Equal(t, tc.code, Describe(err).Code, "%v", err)
		})
	}
	t.Run("the unstruck number grounds", func(t *testing.T) {
		src, err := quote.NewSources(map[string]string{"doc": "Revenue was <del>5</del> 7 million this year."})
		require.NoError(t, err)
		req := &Request{ID: "x", Formula: "r", Sources: src, Inputs: []Input{{Name: "r", Display: "7",
			Unit: "USD", Scale: "million", Provenance: ProvenanceText, Source: "doc", Quote: "Revenue was 7 million"}}}
		r, err := Calculate(req)
		require.NoError(t, err)
		require.Equal(t, "markup", r.Inputs[0].Grounding.Tier)
	})
}

// TestGroundingMeaning: the display must read from the quote with the same
// meaning, sign, scale and percent, and the source must print it so.
func TestGroundingMeaning(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"doc": "Net loss was (799) thousand. Margin fell 5 basis points to 4.5%. Costs rose 12 percent."})
	require.NoError(t, err)
	tests := []struct {
		name, quote, display, unit, scale string
		ok                                bool
	}{
		{"accounting negative", "Net loss was (799) thousand", "(799)", "USD", "thousand", true},
		{"sign dropped", "Net loss was (799) thousand", "799", "USD", "thousand", false},
		{"scale dropped", "Net loss was (799) thousand", "(799)", "USD", "", false},
		{"scale changed", "Net loss was (799) thousand", "(799)", "USD", "million", false},
		{"percent", "Margin fell 5 basis points to 4.5%", "4.5%", "percent", "", true},
		{"basis points as percent", "Margin fell 5 basis points to 4.5%", "5", "percent", "", false},
		{"percent as number", "Costs rose 12 percent", "12", "number", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := &Request{ID: "x", Formula: "v", Sources: src, Inputs: []Input{{Name: "v", Display: tc.display,
				Unit: tc.unit, Scale: tc.scale, Provenance: ProvenanceText, Source: "doc", Quote: tc.quote}}}
			r, err := Calculate(req)
			if tc.ok {
				require.NoError(t, err)
				require.NotNil(t, r.Inputs[0].Grounding)
				return
			}
			require.Error(t, err)
			require.Equal(t, fault.QuoteMismatch, Describe(err).Code, "%v", err)
		})
	}
}

func TestGroundingByProvenance(t *testing.T) {
	t.Run("page_image found", func(t *testing.T) {
		req := groundedRequest(t)
		req.Inputs[0].Provenance = ProvenancePageImage
		r, err := Calculate(req)
		require.NoError(t, err)
		require.NotNil(t, r.Inputs[0].Grounding)
	})
	t.Run("page_image not found stays ungrounded", func(t *testing.T) {
		req := groundedRequest(t)
		req.Inputs[0].Provenance = ProvenancePageImage
		req.Inputs[0].Quote = "Current portion of long-term debt (scanned) 799"
		r, err := Calculate(req)
		require.NoError(t, err, "a page read visually may print what the text layer does not")
		require.Nil(t, r.Inputs[0].Grounding)
		require.Equal(t, "10-K", r.Inputs[0].Source)
	})
	t.Run("page_image without quote stays ungrounded", func(t *testing.T) {
		req := groundedRequest(t)
		req.Inputs[0].Provenance, req.Inputs[0].Quote = ProvenancePageImage, ""
		r, err := Calculate(req)
		require.NoError(t, err)
		require.Nil(t, r.Inputs[0].Grounding)
	})
	t.Run("page_image unknown source", func(t *testing.T) {
		req := groundedRequest(t)
		req.Inputs[0].Provenance, req.Inputs[0].Source = ProvenancePageImage, "scan"
		_, err := Calculate(req)
		require.Equal(t, fault.UnknownSource, Describe(err).Code)
	})
	for _, p := range []string{ProvenanceUser, ProvenanceSystemOfRecord} {
		t.Run(p+" is never grounded by text", func(t *testing.T) {
			req := groundedRequest(t)
			req.Inputs[0].Provenance = p
			r, err := Calculate(req)
			require.NoError(t, err)
			require.Nil(t, r.Inputs[0].Grounding)
			req.Inputs[0].Source = ""
			_, err = Calculate(req)
			require.NoError(t, err, "it need not name a source")
		})
	}
}

func TestSourcesOptions(t *testing.T) {
	ix := map[string]string{"doc": "Net income was 5,007 for the year."}
	_, err := sourcesOf(ix, quote.Options{MinWords: -5})
	require.Error(t, err, "invalid options are refused when the sources are registered")
	_, err = sourcesOf(map[string]string{"": ix["doc"]}, quote.Options{})
	require.Error(t, err, "a source needs a name")

	src, err := sourcesOf(ix, quote.Options{Tiers: []quote.Tier{quote.Exact}})
	require.NoError(t, err)
	req := &Request{ID: "x", Formula: "v", Sources: src, Inputs: []Input{{Name: "v", Display: "5,007",
		Unit: "number", Provenance: ProvenanceText, Source: "doc", Quote: "NET INCOME was 5,007"}}}
	_, err = Calculate(req)
	require.Equal(t, fault.QuoteNotFound, Describe(err).Code, "the application's tier policy applies to grounding")
	require.Contains(t, err.Error(), "tier_not_accepted")
	require.Equal(t, []string{"doc"}, src.Names())
	require.Equal(t, 1, src.Len())
	require.True(t, strings.HasPrefix(quote.Digest(""), "sha256:e3b0c442"))
}

// TestGroundingRefusesHiddenText: text a document does not show (a comment,
// a redline exported as a styled span) grounds nothing, nor does a number
// whose sign or grouping an HTML character reference prints, and a
// bidirectional control elsewhere in the document does not open struck
// text to the byte-for-byte lookup.
func TestGroundingRefusesHiddenText(t *testing.T) {
	tests := []struct {
		name, source, quote, display string
		code                         string
		reason                       string
	}{
		{"comment", "Revenue was 84 million. <!-- Revenue was 27 million --> Done.", "Revenue was 27 million", "27", fault.QuoteNotFound, ""},
		{"comment with markup", "Revenue was 84 million. <!-- Revenue was <b>27</b> million --> Done.", "Revenue was 27 million", "27", fault.QuoteNotFound, ""},
		{"line-through span", `Revenue was <span style="text-decoration:line-through">27</span> 84 million.`, "Revenue was 27 84 million", "27", fault.QuoteNotFound, ""},
		{"line-through span, whole quote", `<span style="text-decoration: line-through">Revenue was 27 million</span> Revenue was 84 million.`, "Revenue was 27 million", "27", fault.QuoteNotFound, ""},
		{"script", "Revenue was 84 million. <script>var s = 'Revenue was 27 million';</script>", "Revenue was 27 million", "27", fault.QuoteNotFound, "a script is never shown"},
		{"hidden attribute", "<div hidden>Revenue was 27 million</div> Revenue was 84 million.", "Revenue was 27 million", "27", fault.QuoteNotFound, ""},
		{"del, bidi control elsewhere", "\u202Eab\u202C <del>Revenue was 27 million</del> Revenue was 84 million.", "Revenue was 27 million", "27", fault.QuoteNotFound, "the raw fallback for bidi text must not see struck text"},
		{"comment, bidi control elsewhere", "\u202Eab\u202C <!-- Revenue was 27 million --> Revenue was 84 million.", "Revenue was 27 million", "27", fault.QuoteNotFound, ""},
		{"minus entity", "Net change &minus;27 million this year.", "Net change &minus;27 million this year", "27", fault.QuoteMismatch, "the source prints −27"},
		{"numeric minus entity", "Net change &#8722;27 million this year.", "Net change &#8722;27 million this year", "27", fault.QuoteMismatch, ""},
		{"nbsp entity grouping", "Revenue was 27&nbsp;000 euros.", "Revenue was 27&nbsp;000 euros", "27", fault.QuoteMismatch, "the source prints 27 000"},
		{"digit entity", "Revenue was 2&#55; million this year.", "Revenue was 2&#55; million this year", "2", fault.QuoteMismatch, "the source prints 27"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, err := quote.NewSources(map[string]string{"doc": tc.source})
			require.NoError(t, err)
			req := &Request{ID: "x", Formula: "r", Sources: src, Inputs: []Input{{Name: "r", Display: tc.display,
				Unit: "EUR", Scale: "million", Provenance: ProvenanceText, Source: "doc", Quote: tc.quote}}}
			if strings.Contains(tc.quote, "euros") {
				req.Inputs[0].Scale = ""
			}
			_, err = Calculate(req)
			require.Error(t, err, tc.reason)
			require.Equal(t, tc.code, Describe(err).Code, "%v", err)
		})
	}
	t.Run("the shown number grounds", func(t *testing.T) {
		src, err := quote.NewSources(map[string]string{"doc": "Net change &minus;27 million this year. <!-- draft: 84 -->"})
		require.NoError(t, err)
		req := &Request{ID: "x", Formula: "r", Sources: src, Inputs: []Input{{Name: "r", Display: "-27",
			Unit: "EUR", Scale: "million", Provenance: ProvenanceText, Source: "doc", Quote: "Net change &minus;27 million this year"}}}
		r, err := Calculate(req)
		require.NoError(t, err)
		require.Equal(t, "-27000000", r.Result.Value)
	})
}
