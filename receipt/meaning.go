package receipt

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/units"
)

// ground finds input i's quote in the rendering of the source it names
// and returns where. The quote is looked up with quote's tiers, so
// struck-through and hidden text is never found. The number must then be
// printed in the match with the meaning the input gives it: its sign as
// printed, and the scale, currency, percent and period that the number's
// own scopes (cell, row, group, column, table, caption; for prose, its
// own words) give it, as [document.Document.Meaning] reads them. a is the
// input's reading, nil for a printed date, which must appear in the match
// as printed.
func ground(s *quote.Sources, i int, in Input, a *units.Amount) (*Grounding, error) {
	return groundWith(s, i, in, a, s.Options())
}

// groundWith is ground under the lookup options opts.
func groundWith(s *quote.Sources, i int, in Input, a *units.Amount, opts quote.Options) (*Grounding, error) {
	d, err := lookupSource(s, i, in.Source)
	if err != nil {
		return nil, err
	}
	at := fmt.Sprintf("inputs[%d]", i)
	if strings.TrimSpace(in.Quote) == "" {
		return nil, missing(at+".quote", "copy the passage the number was read from into quote, verbatim from source "+d.Name)
	}
	// A quote that locates its number is enough, however short: a row's
	// label and the number, or the number alone where it is printed once.
	if opts.MinWords == 0 {
		opts.MinWords = -1
	}
	if opts.MinChars == 0 {
		opts.MinChars = -1
	}
	// A row copied with its outer pipes ("| Total | 2,452.2 |") is the
	// row: the rendering prints a table's rows without them.
	q := strings.Trim(in.Quote, " \t|")
	if q == "" {
		q = in.Quote
	}
	m, err := quote.Lookup(quote.Quote{Source: d.Name, Text: q}, s, opts)
	if err != nil {
		return nil, err
	}
	if !m.Found {
		return nil, notFound(at+".quote", d.Name, m)
	}
	doc := d.Doc
	g, gerr := d.groundAt(at, in, a, m.Start, m.End)
	// The same text printed elsewhere with another meaning makes the
	// quote ambiguous; printed elsewhere with the same, it is the first.
	// Printings ignores case, white space and cell separators, as the
	// lookup's tiers do; a passage printed past maxPrintings times
	// locates nothing.
	spans, more := doc.Printings(m.Start, m.End)
	if more {
		return nil, fieldErr(fault.AmbiguousQuote, at+".quote",
			"quote more of the passage, such as the row's label or the sentence, so that it is found in one place",
			"the quote is printed more than %d times in source %s", len(spans), d.Name)
	}
	for _, sp := range spans {
		if sp.Start == m.Start {
			continue
		}
		g2, e2 := d.groundAt(at, in, a, sp.Start, sp.End)
		// the same row printed for two periods ("Weighted average shares
		// | 138,848,177" under the nine months and the three): the
		// input's period says which printing it is
		switch {
		case gerr == nil && codeOf(e2) == fault.PeriodMismatch:
			continue
		case e2 == nil && codeOf(gerr) == fault.PeriodMismatch:
			g, gerr = g2, nil
			continue
		}
		if (e2 == nil) != (gerr == nil) {
			l1, _ := doc.Position(m.Start)
			l2, _ := doc.Position(sp.Start)
			return nil, fieldErr(fault.AmbiguousQuote, at+".quote",
				"quote more of the passage, such as the row's label or the sentence, so that it is found in one place",
				"the quote is printed at line %d and at line %d of source %s, where its number means different things", l1, l2, d.Name)
		}
	}
	if gerr != nil {
		return nil, gerr
	}
	g.Tier = m.Tier.String()
	return g, nil
}

// groundAt checks input in against the match [ms, me) of the rendering.
func (d registered) groundAt(at string, in Input, a *units.Amount, ms, me int) (*Grounding, error) {
	doc := d.Doc
	places := doc.Places(ms, me)
	// A row's label and its values can both print the number ("Preferred
	// stock, $1,000 par value; 1,000 shares issued | 1,000"). A label
	// quoted alone means the label's own number where it prints one. A
	// row quoted across its cells means a value's: grounded there when a
	// value reads as the input says; where none does but the label's
	// number would, the quote does not say which the input is, and
	// neither is a fix.
	var label, values []document.Place
	for _, p := range places {
		if p.Table != nil && p.Cell == 0 {
			label = append(label, p)
		} else {
			values = append(values, p)
		}
	}
	first, second := values, label
	if len(label) > 0 && me <= label[len(label)-1].Map(len(label[len(label)-1].Text)) {
		first, second = label, values // the quote ends within the label
	}
	g, found, err := d.groundIn(at, in, a, ms, me, first)
	switch {
	case g != nil:
		return g, nil
	case !found:
		if g, found2, err2 := d.groundIn(at, in, a, ms, me, second); g != nil || found2 {
			return g, err2
		}
		return nil, d.notPrinted(at, in, a, places)
	}
	if g2, _, _ := d.groundIn(at, in, a, ms, me, second); g2 != nil {
		var fe *fault.Error
		if asFault(err, &fe) {
			c := *fe
			c.Fix = nil
			c.Hint = "the quote prints the number in its row's label and in its values, which mean different things: quote the label alone for the label's number, or the value's cell with its column's header"
			return nil, &c
		}
	}
	return nil, err
}

// groundIn checks input in against each number of places that matches
// it, and returns the first grounding; else whether any matched, and the
// refusal of the first (without a fix where candidates ask for different
// fixes).
func (d registered) groundIn(at string, in Input, a *units.Amount, ms, me int, places []document.Place) (*Grounding, bool, error) {
	doc := d.Doc
	var first error
	var fixes [][]fault.Fix
	found := false
	for _, p := range places {
		if doc.Format == document.Text && strings.ContainsAny(p.Text, "<&~*_`#") {
			// markup in plain text reads as it prints: entities decoded,
			// struck and hidden text dropped, as quote's markup tier reads it
			p.Text = readable(p.Text)
		}
		for from := 0; from < len(p.Text); {
			ns, ne, ok := numberIn(p.Text[from:], in, a)
			if !ok && p.Table != nil && a != nil && a.Scale != numeral.Ones {
				// a cell's number is read as printed; its scale is its
				// scopes' to say ("Subscribers | 2019" under "(In
				// thousands)" is no year)
				b := *a
				b.Scale = numeral.Ones
				ns, ne, ok = numberIn(p.Text[from:], in, &b)
			}
			if !ok {
				break
			}
			ns, ne = ns+from, ne+from
			from = ne
			if !p.Within(ns, ne) {
				continue // a number of the line the quote did not quote
			}
			found = true
			m, err := d.means(at, in, a, p, ns, ne)
			if err == nil {
				start, end := doc.Span(ms, me)
				return &Grounding{Source: d.Name, Digest: d.Digest, Span: [2]int{start, end}, Scope: d.scopeOf(m)}, true, nil
			}
			if first == nil {
				first = err
			}
			var fe *fault.Error
			if asFault(err, &fe) {
				fixes = append(fixes, fe.Fix)
			}
		}
	}
	if !found {
		return nil, false, nil
	}
	// Candidates that ask for different fixes: following either would be
	// a guess.
	for _, f := range fixes[1:] {
		if !slices.Equal(f, fixes[0]) {
			var fe *fault.Error
			if asFault(first, &fe) {
				c := *fe
				c.Fix = nil
				c.Hint = "the quote prints the number more than once with different meanings: quote the cell's row and give the period of its column"
				return nil, true, &c
			}
		}
	}
	return nil, true, first
}

// numberIn returns the span of the first number in text that prints the
// input's number with its sign: a readable whole number, as
// [quote.FindAmount] reads it. A scale printed with the number there
// ("$5 million") must be the input's; one printed apart is the scopes'.
func numberIn(text string, in Input, a *units.Amount) (int, int, bool) {
	if a == nil {
		k := strings.Index(text, strings.TrimSpace(in.Display))
		return k, k + len(strings.TrimSpace(in.Display)), k >= 0 && strings.TrimSpace(in.Display) != ""
	}
	return quote.FindAmount(text, a)
}

// means checks that the number at [ns, ne) of place p means what the
// input says: scale, percent, currency and period.
func (d registered) means(at string, in Input, a *units.Amount, p document.Place, ns, ne int) (document.Meaning, error) {
	if a == nil {
		return d.Doc.Meaning(p, ns, ne), nil
	}
	return d.meansAs(at, in, a, p, ns, ne)
}

// markedErr refuses a number printed with a Cr or Dr after it, as text:
// a statement's credit or debit marker or, for Cr, crore. The text does not
// say which, so no scale and no display is a fix.
func markedErr(d registered, at, text string) *fault.Error {
	return fieldErr(fault.QuoteMismatch, at+".display",
		"reckon does not ground a number that a credit or debit marker may sign, or Cr may put in crore: ask which it is, or leave the number out",
		"source %s prints %s: a Cr or Dr after a number is a statement's credit or debit marker or, for Cr, crore, and the text does not say which", d.Name, clipTo(text, 30))
}

// scopeOf records where a grounded number stands.
func (d registered) scopeOf(m document.Meaning) *Scope {
	sc := &Scope{Table: m.Table, Row: clipTo(m.RowLabel, maxScopeText), Column: clipTo(m.Column, maxScopeText)}
	if m.By != nil {
		sc.By = clipTo(d.Doc.Text()[m.By.Start:m.By.End], maxScopeText)
	}
	return sc
}

// maxScopeText bounds each text a receipt's scope records: a row's label
// or a header can be a paragraph long.
const maxScopeText = 120

// meansAs is means for an input read as an amount.
func (d registered) meansAs(at string, in Input, a *units.Amount, p document.Place, ns, ne int) (document.Meaning, error) {
	tok, _ := numeral.Next(p.Text, ns)
	m := d.Doc.Meaning(p, ns, ne)
	where := placeText{m} // formatted only into a refusal's message
	if m.Marker != "" {
		return m, fieldErr(fault.QuoteMismatch, at+".display",
			"reckon does not ground a number a credit or debit marker signs: ask, or leave the number out",
			"source %s marks the number %s %s: a statement's credit or debit marker, whose sign reckon does not read", d.Name, where, m.Marker)
	}
	if tok.Marker != "" && tok.Start <= ns && ns <= tok.NumStart {
		// "₹1,234 Cr" read under any scale: which one Cr is, no scale says
		return m, markedErr(d, at, tok.Text)
	}
	if m.Subunit && (a.Unit.Currency() != "" || hasPerCurrency(a.Unit)) {
		return m, fieldErr(fault.QuoteMismatch, at+".unit",
			"the number is printed in a currency's hundredths (pence, cents): reckon does not read them as the currency; quote a figure printed in the currency itself",
			"source %s prints the number %s in pence or cents, but the input's unit is %s", d.Name, where, a.Unit)
	}
	if m.InGroup {
		// under a group that names a quantity the row's label does not
		// ("Per share data:" over "Net income"): the input's reading is
		// the group's or the row's; where the two readings' scales differ
		// and the input does not say which, the number is ambiguous
		alt := d.Doc.MeaningAs(p, ns, ne, m.GroupQuantity)
		q, ok := quantityOf(a.Unit)
		switch {
		case ok && q == m.GroupQuantity:
			m = alt
		case alt.Scale.Exp() != m.Scale.Exp() && tok.ScaleText == "":
			return m, fieldErr(fault.ScaleMismatch, at+".scale",
				"quote the row's group label too, and give the unit the group names (such as USD/count:shares for a per-share amount), or quote a row of its own",
				"source %s prints the number %s under %q, which names %s; its own label does not say whether it is one", d.Name, where,
				clipTo(alt.GroupLabel, 60), m.GroupQuantity)
		}
	}
	if m.Name != "" {
		return m, fieldErr(fault.QuoteMismatch, at+".display",
			"quote the cell that prints the value: this number is part of a name or a span of years",
			"source %s prints the number %s in %q, a name or a span of years, not a value", d.Name, where, clipTo(m.Name, 40))
	}
	if m.Header {
		if a.Scale != numeral.Ones && tok.ScaleText == "" {
			return m, withFix(fieldErr(fault.ScaleMismatch, at+".scale",
				"the number is a column's title, printed as it is: give scale \"\"",
				"source %s prints the number in a header row of table %d, where no scale applies, but the input's scale is %s", d.Name, m.Table, a.Scale), at+".scale", "")
		}
		return m, nil
	}
	if m.SharesColumn && m.Quantity == document.QuantityShares && a.Unit.Currency() != "" && !perUnit(a.Unit) && p.CurrencyBefore(ns) == "" && tok.Currency == "" && !m.ColumnCurrency {
		// "Repurchased in 2024 | 1,000 | $ 45,000" under "Shares |
		// Amount": the column counts shares, which no currency is, at
		// whatever scale
		return m, withFix(fieldErr(fault.QuoteMismatch, at+".unit",
			"the number's column counts shares: give unit count:shares",
			"source %s prints the number %s in a column of shares, but the input's unit is %s", d.Name, where, a.Unit), at+".unit", "count:shares")
	}
	if m.ShareCount && m.Quantity == document.QuantityShares && m.By != nil && m.By.Scope == document.InRow && a.Unit.Currency() != "" && !perUnit(a.Unit) && p.CurrencyBefore(ns) == "" && tok.Currency == "" {
		// "Weighted average number of ordinary shares (million) | 1,234.5"
		// under "2024 £m": its label counts shares and states their scale
		return m, withFix(fieldErr(fault.QuoteMismatch, at+".unit",
			"the number's row counts shares: give unit count:shares",
			"source %s prints the number %s in a row that counts shares, but the input's unit is %s", d.Name, where, a.Unit), at+".unit", "count:shares")
	}
	// What the input says the number counts, where its labels say
	// otherwise ("Issuance of common stock | 1,383,669 | 37,588": shares
	// or dollars, in a row whose columns are not known): when the document
	// would give the two readings different scales, the labels do not say
	// which the number is, and neither reading is grounded.
	if q, ok := quantityOf(a.Unit); ok && q != m.Quantity && !m.Percent && tok.ScaleText == "" && tok.Suffix == 0 &&
		// earnings per share in dollars is how a model writes one
		!(m.Quantity == document.QuantityPerShare && q == document.QuantityAmount) {
		alt := d.Doc.MeaningAs(p, ns, ne, q)
		switch {
		case alt.Scale.Exp() == m.Scale.Exp():
		case q == document.QuantityAmount && m.Quantity == document.QuantityShares && !m.ShareCount && alt.By != nil && alt.By.Currency != "" && alt.By.HasScale &&
			slices.Contains(currencyCodes(alt.By.Currency), a.Unit.Currency()) && !d.Doc.DeclaresSharesScale(p):
			// "Treasury shares | (412)" under "(€ million)": the input
			// names the currency the declaration states, and nothing
			// states a scale for shares: an equity line of money
			m = alt
		default:
			return m, fieldErr(fault.ScaleMismatch, at+".scale",
				"the number's row and columns do not say whether it is "+m.Quantity.String()+" or "+q.String()+", which the document scales differently: quote a passage that names what it counts (a sentence, or a table that prints it under its own unit), or ask",
				"source %s gives the number %s %s as %s and %s as %s: its labels do not say which it is", d.Name, where,
				scaleName(m.Scale), m.Quantity, scaleName(alt.Scale), q)
		}
	}
	// scale
	printed := tok.ScaleText != "" ||
		// a percent, pp, bp or ratio printed with the number is never
		// scaled by a declaration, nor is a year in prose
		tok.Suffix != 0 && a.Scale == numeral.Ones || m.Table == 0 && a.Scale == numeral.Ones && yearIn(tok)
	switch {
	case printed:
		// quote.FindAmount checked a printed scale against the input's
	case a.Printed.IsZero():
		// nothing is nothing at any scale: "$0" in a label that states
		// millions, under a caption that states thousands
	case m.Unread:
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			"the document states the number's scale in words reckon does not read: quote a passage that states it as thousand, million, lakh, crore or billion, or ask",
			"source %s states a scale reckon cannot read for the number %s: %q", d.Name, where, clipTo(d.Doc.Text()[m.By.Start:m.By.End], 60))
	case m.Unaligned != nil:
		h := d.Doc.Text()[m.Unaligned.Start:m.Unaligned.End]
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			"quote a row of the table that prints a value in every column, or ask which column the number is in: the columns say different things",
			"source %s prints the number %s in a row whose columns are not known, and the table's column %q says what its numbers are", d.Name, where, clipTo(h, 60))
	case m.Rival != nil:
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			"ask which scale the number is in: "+declaredIn(m, "its")+" states two",
			"source %s states two scales for the number %s: %q and %q", d.Name, where,
			clipTo(d.Doc.Text()[m.By.Start:m.By.End], 60), clipTo(d.Doc.Text()[m.Rival.Start:m.Rival.End], 60))
	case m.By != nil && m.Scale.Exp() != a.Scale.Exp() && m.Unnamed && len(m.By.Except) > 0:
		// "Diluted" under "(In millions, except per share data)": shares
		// or an amount per share, which the table does not say
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			fmt.Sprintf("the row %q does not say what it counts: give scale %q if it is an amount the declaration %q covers, or \"\" if it is one it excepts; quote its group's label", clipTo(m.RowLabel, 40), m.Scale.Word(), clipTo(d.Doc.Text()[m.By.Start:m.By.End], 80)),
			"source %s states %s for the number %s (%q, %s), except what its clause names, but the input's scale is %s", d.Name, scaleName(m.Scale), where,
			clipTo(d.Doc.Text()[m.By.Start:m.By.End], 80), declaredIn(m, "its"), a.Scale)
	case m.By != nil && m.Scale.Exp() != a.Scale.Exp() && unnamedShares(d, a, m, p, ns, ne):
		// "Dilutive securities | 3,201" under "(Tabular amounts in
		// millions)" and "(shares in thousands)": the input's unit does
		// not say which the number counts, nor do its labels
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			"give the number's unit (a currency, or count:shares): the document states one scale for amounts and another for shares, and the number's labels do not say which it is",
			"source %s states %s for amounts and %s for shares, and the number %s could be either", d.Name, scaleName(m.Scale),
			scaleName(d.Doc.MeaningAs(p, ns, ne, document.QuantityShares).Scale), where)
	case m.By != nil && m.Quantity == document.QuantityCount && m.By.Of == "" && m.Scale != numeral.Ones:
		// "Number of stores | 1,204" under "(In millions, except per
		// share data)", "Number of passengers carried | 12,345" under
		// "(In thousands)": a scale stated for the whole table may or may
		// not speak of the count a row names; neither reading is grounded
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			fmt.Sprintf("%s states %q for the table, which may not speak of the count its row names: quote a passage that states the count's scale, or ask", declaredIn(m, "the number's"), clipTo(d.Doc.Text()[m.By.Start:m.By.End], 60)),
			"source %s states %s for the table of the number %s (%q, %s), and the number counts things, which the declaration does not name", d.Name, scaleName(m.Scale), where,
			clipTo(d.Doc.Text()[m.By.Start:m.By.End], 80), declaredIn(m, "its"))
	case m.By != nil && m.Scale.Exp() != a.Scale.Exp() && m.Displaced:
		// a declaration printed after the table governs it, but is no
		// ground for naming the scale: the model is asked to look
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			fmt.Sprintf("a line printed after the table states %q: give the scale that line or the number's own header states, or ask", clipTo(d.Doc.Text()[m.By.Start:m.By.End], 60)),
			"source %s states %s for the number %s (%q, printed after its table), but the input's scale is %s", d.Name, scaleName(m.Scale), where,
			clipTo(d.Doc.Text()[m.By.Start:m.By.End], 80), a.Scale)
	case m.By != nil && m.Scale.Exp() != a.Scale.Exp():
		word := m.Scale.Word()
		return m, withFix(fieldErr(fault.ScaleMismatch, at+".scale",
			fmt.Sprintf("%s states %q: give scale %q with the display as printed", declaredIn(m, "the number's"), clipTo(d.Doc.Text()[m.By.Start:m.By.End], 60), word),
			"source %s states %s for the number %s (%q, %s), but the input's scale is %s", d.Name, scaleName(m.Scale), where,
			clipTo(d.Doc.Text()[m.By.Start:m.By.End], 80), declaredIn(m, "its"), a.Scale), at+".scale", word)
	case m.By == nil && m.Table > 0 && !perUnit(a.Unit) && (m.Quantity == document.QuantityAmount && (a.Unit.Currency() != "" || m.Currency != "") || a.Unit.Currency() != "" && m.Quantity == document.QuantityShares) && !m.Percent && d.Doc.DeclaresScale():
		// A table of amounts that states no scale, in a document whose
		// other tables state theirs: the scale is somewhere the structure
		// does not show (a note's heading pages above, a convention the
		// filer keeps). Its numbers as printed would be a guess, and so
		// would any scale.
		return m, fieldErr(fault.ScaleMismatch, at+".scale",
			"quote the caption or header that states the table's scale, or ask which scale it is in; the document states scales for its other tables",
			"source %s states no scale for the number %s, and states scales for other tables: which one this table is in is not known", d.Name, where)
	case m.By == nil && a.Scale != numeral.Ones && !statedInProse(p, a.Scale):
		err := fieldErr(fault.ScaleMismatch, at+".scale",
			"nothing the number is printed in states a scale: give scale \"\" with the display as printed",
			"source %s states no scale for the number %s, but the input's scale is %s", d.Name, where, a.Scale)
		if d.Doc.DeclaresScale() {
			// A document that declares scales elsewhere may declare this
			// one where its structure was not read: "as printed" would be
			// a guess, and so would be the hint that named it.
			err.Hint = "quote the caption, header or sentence that states the number's scale; nothing the number is printed in states one"
			return m, err
		}
		return m, withFix(err, at+".scale", "")
	}
	// percent
	isPct := a.Unit.Kind() == units.KindPercent || a.Unit.Kind() == units.KindPP || a.Unit.Kind() == units.KindBP
	switch {
	case m.Percent && !isPct && tok.Suffix == 0:
		return m, withFix(fieldErr(fault.QuoteMismatch, at+".unit",
			"the number is a percent where it is printed: give unit percent",
			"source %s prints the number %s as a percent, but the input's unit is %s", d.Name, where, a.Unit), at+".unit", "percent")
	case isPct && !m.Percent && tok.Suffix == 0 && m.By != nil && m.Scale != numeral.Ones:
		return m, fieldErr(fault.QuoteMismatch, at+".unit",
			"quote the passage that prints the percent; this number is an amount in "+m.Scale.Word()+"s",
			"source %s prints the number %s as an amount in %ss, not a percent", d.Name, where, m.Scale.Word())
	}
	// currency
	if cur := a.Unit.Currency(); m.Currency != "" && m.Quantity != document.QuantityShares && !isPct {
		codes := currencyCodes(m.Currency)
		if m.By != nil && m.By.Currency != "" && m.By.Currency != m.Currency && len(codes) != 1 {
			// "$" under "(In millions of Chilean pesos)": the declaration
			// names which of the sign's currencies it is
			if bc := currencyCodes(m.By.Currency); len(bc) == 1 {
				codes = bc
			}
		}
		switch {
		case cur != "" && len(codes) > 0 && !slices.Contains(codes, cur):
			err := fieldErr(fault.QuoteMismatch, at+".unit",
				fmt.Sprintf("the number is printed in %s: give its currency, one of %s", m.Currency, strings.Join(codes[:min(len(codes), 6)], ", ")),
				"source %s prints the number %s in %s, but the input's unit is %s", d.Name, where, m.Currency, a.Unit)
			if len(codes) == 1 {
				return m, withFix(err, at+".unit", codes[0])
			}
			return m, err
		case cur == "" && a.Unit == units.Number && m.Quantity == document.QuantityAmount && m.ColumnCurrency:
			// a plain number in a column of dollars: "Net income | 4,059"
			// under "Revenue | $ | 5,079"
			err := fieldErr(fault.QuoteMismatch, at+".unit",
				fmt.Sprintf("the number's column prints %s: give its currency as unit", m.Currency),
				"source %s prints the number %s in a column of %s amounts, but the input's unit is %s", d.Name, where, m.Currency, a.Unit)
			if c := d.currencyFix(m, codes); c != "" {
				return m, withFix(err, at+".unit", c)
			}
			return m, err
		case cur == "" && a.Unit == units.Number && m.Quantity == document.QuantityAmount && m.By != nil && m.By.Currency != "":
			// a plain number under "(Dollars in millions)": the
			// declaration that gives its scale gives its currency too
			err := fieldErr(fault.QuoteMismatch, at+".unit",
				fmt.Sprintf("%s states %q: give its currency as unit", declaredIn(m, "the number's"), clipTo(d.Doc.Text()[m.By.Start:m.By.End], 60)),
				"source %s states %s for the number %s (%q, %s), but the input's unit is %s", d.Name, m.Currency, where,
				clipTo(d.Doc.Text()[m.By.Start:m.By.End], 80), declaredIn(m, "its"), a.Unit)
			if c := d.currencyFix(m, codes); c != "" {
				return m, withFix(err, at+".unit", c)
			}
			return m, err
		case cur == "" && a.Unit.Kind() != units.KindRatio && p.CurrencyBefore(ns) != "":
			err := fieldErr(fault.QuoteMismatch, at+".unit",
				fmt.Sprintf("the quote prints %s with the number: give its currency as unit", m.Currency),
				"source %s prints the number %s with %s, but the input's unit is %s", d.Name, where, m.Currency, a.Unit)
			if c := d.dollar(codes); c != "" {
				return m, withFix(err, at+".unit", c)
			}
			return m, err
		}
	}
	// period
	if len(m.Periods) > 0 {
		// the number is in one of several columns: a period none of them
		// can be contradicts, and no one of them is the fix
		q1, none := quarterOf(in.Period), true
		for _, p := range m.Periods {
			if q2 := quarterOf(p); q1 == 0 || q2 == 0 || q2 == q1 {
				none = false
			}
		}
		ys := periodYearsOf(in.Period)
		if none || len(ys) > 0 && !periodFits(ys, m.Years, startYearNamed(in, m)) {
			return m, fieldErr(fault.PeriodMismatch, at+".period",
				fmt.Sprintf("the number is in one of the columns headed %s, and the quote does not say which: quote the column's header with it, or ask", quoteList(m.Periods)),
				"the input's period is %q, but source %s prints the number %s in a column headed %s", in.Period, d.Name, where, quoteList(m.Periods))
		}
		return m, nil
	}
	cm := 0 // the months the number's column runs, where it says
	if in.Period != "" && len(m.Years) > 0 {
		cm = columnMonths(m.Column + " " + m.Period)
	}
	if cm != 0 && !m.Opening && periodMonths(in.Period) != 0 && periodMonths(in.Period) != cm {
		im := periodMonths(in.Period)
		// "Q2 2024" for a number under "Six Months Ended June 30, 2024":
		// a half year is no quarter
		head := m.Period
		if columnMonths(head) == 0 {
			head = strings.TrimSpace(m.Column) // "Six Months Ended" over "March 29, 2025": the flow's period, not its day
		}
		return m, withFix(fieldErr(fault.PeriodMismatch, at+".period",
			fmt.Sprintf("the number's column is headed %q, a period of %d months: give period %q, or quote the column of the period asked for", head, cm, head),
			"the input's period is %q, %d months, but source %s prints the number %s under %q, %d months", in.Period, im, d.Name, where, head, cm), at+".period", head)
	}
	if _, end, ok := strings.Cut(in.Period, ".."); ok && m.Dated && cm != 0 {
		// "2024-04-01..2024-06-30" for a number under "Three Months
		// Ended September 30, 2024": a quarter of the right length that
		// ends another day
		if id, err := dates.ParseISO(strings.TrimSpace(end)); err == nil {
			if cd, ok := lastDate(m.Period); ok && (cd.Sub(id) > 7 || cd.Sub(id) < -7) {
				return m, withFix(fieldErr(fault.PeriodMismatch, at+".period",
					fmt.Sprintf("the number's column is headed %q: give period %q, or quote the column of the period asked for", m.Period, m.Period),
					"the input's period %q ends on another day than the column %q", in.Period, m.Period), at+".period", m.Period)
			}
		}
	}
	if id, ok := dayOf(in, m); ok {
		// "2024-03-31" for a number under "December 31, 2024": a balance
		// on another day than its column's. A column headed by a day's
		// start ("As at 1 April 2023") is the day before's close; a
		// beginning balance is the close of the year before the column's.
		if cd, ok := lastDate(m.Period); ok && (m.Opening || !sameClose(cd, id)) {
			if !m.Opening {
				return m, withFix(fieldErr(fault.PeriodMismatch, at+".period",
					fmt.Sprintf("the number's column is headed %q: give period %q, or quote the column of the date asked for", m.Period, m.Period),
					"the input's period is %q, but source %s prints the number %s under %q", in.Period, d.Name, where, m.Period), at+".period", m.Period)
			}
			if !openedAt(cd, id, cm) {
				return m, fieldErr(fault.PeriodMismatch, at+".period",
					fmt.Sprintf("the number is a beginning balance in the column headed %q: give the date the period before it closed, or ask", m.Period),
					"the input's period is %q, but source %s prints the number %s, a balance at the start of the period that closes %q", in.Period, d.Name, where, m.Period)
			}
		}
	}
	if q1 := quarterOf(in.Period); q1 != 0 && len(m.Years) > 0 && quarterOf(m.Period) == 0 && (m.Dated || dateQuarter(m.Period) != 0) {
		low := strings.ToLower(in.Period)
		switch q2 := dateQuarter(m.Period); {
		case strings.Contains(low, "fy") || strings.Contains(low, "fiscal"):
			// "Q1 FY25" under "30.06.2024": which fiscal quarter a date
			// ends is the filer's convention, which the column does not give
			return m, fieldErr(fault.PeriodMismatch, at+".period",
				fmt.Sprintf("the number's column is headed %q, and reckon does not know which fiscal quarter it ends: give the period as the column names it, or ask", m.Period),
				"the input's period is %q, a fiscal quarter, but source %s prints the number %s under %q", in.Period, d.Name, where, m.Period)
		case q2 != 0 && q2 != q1:
			return m, fieldErr(fault.PeriodMismatch, at+".period",
				fmt.Sprintf("the number's column is headed %q, the end of calendar quarter %d: give the period as the column names it, or quote the column of the quarter asked for", m.Period, q2),
				"the input's period is %q, but source %s prints the number %s under %q", in.Period, d.Name, where, m.Period)
		}
	}
	if q1, q2 := quarterOf(in.Period), quarterOf(m.Period); q1 != 0 && q2 != 0 && q1 != q2 {
		return m, fieldErr(fault.PeriodMismatch, at+".period",
			fmt.Sprintf("the number's column is headed %q: give the quarter it names, or quote the column of the quarter asked for", m.Period),
			"the input's period is %q, but source %s prints the number %s under %q", in.Period, d.Name, where, m.Period)
	}
	if len(m.Years) > 0 {
		if ys := periodYearsOf(in.Period); len(ys) > 0 && !periodFits(ys, m.Years, startYearNamed(in, m)) && !dayBefore(in, m) {
			fix := m.Period
			if len(uniq(m.Years)) == 1 && !m.Dated {
				fix = fmt.Sprint(m.Years[0])
			}
			if !headerLike(m.Period) {
				// the period was read from a sentence near the table, not
				// from a header: it names no period to give
				return m, fieldErr(fault.PeriodMismatch, at+".period",
					"quote the number's column header with it, so that its period can be read, or ask",
					"the input's period is %q, but source %s prints the number %s where the nearest period named is %q", in.Period, d.Name, where, clip(m.Period))
			}
			if fiscal(in.Period) {
				// "Q1 FY25" under "30.06.2024": which fiscal year a date is
				// in is the filer's convention, which the column does not
				// give; a fix that named the date would drop the quarter
				return m, fieldErr(fault.PeriodMismatch, at+".period",
					fmt.Sprintf("the number's %s names %q, and reckon does not know the fiscal year it falls in: give the period as it names it, or ask", map[bool]string{true: "sentence", false: "column"}[m.Table == 0], m.Period),
					"the input's period is %q, but source %s prints the number %s under %q", in.Period, d.Name, where, m.Period)
			}
			hint := fmt.Sprintf("the number's column is headed %q: give period %q, or quote the column of the period asked for", m.Period, fix)
			if m.Table == 0 {
				hint = fmt.Sprintf("the number's sentence names %q: give period %q, or quote the sentence of the period asked for", m.Period, fix)
			}
			return m, withFix(fieldErr(fault.PeriodMismatch, at+".period", hint,
				"the input's period is %q, but source %s prints the number %s under %q", in.Period, d.Name, where, m.Period), at+".period", fix)
		}
	}
	return m, nil
}

// quoteList joins texts as "“a” or “b”", each clipped.
func quoteList(ss []string) string {
	var b strings.Builder
	for n, s := range ss {
		if n > 0 {
			b.WriteString(" or ")
		}
		fmt.Fprintf(&b, "%q", clipTo(s, 40))
	}
	return b.String()
}

// yearIn reports whether a token is a bare year: four digits from 1900
// to 2099 with no grouping, sign, currency or decimals.
func yearIn(t numeral.Token) bool {
	n := t.Number
	return len(n) == 4 && (n[:2] == "19" || n[:2] == "20") && t.Currency == "" && !t.Signed && t.Places == 0 && strings.Trim(n, "0123456789") == ""
}

// hasPerCurrency reports a unit of a currency per something:
// USD/count:shares.
// codeOf returns the code of a refusal, "" for none.
func codeOf(err error) string {
	var fe *fault.Error
	if err == nil || !asFault(err, &fe) {
		return ""
	}
	return fe.Code
}

// perUnit reports whether a unit is an amount per unit of something,
// "USD/GBP", "USD/count:shares": a rate or a price, which no scale a
// document states for its amounts governs.
func perUnit(u units.Unit) bool {
	_, per := u.Per()
	return per
}

func hasPerCurrency(u units.Unit) bool {
	if _, per := u.Per(); !per {
		return false
	}
	num, _, _ := strings.Cut(u.String(), "/")
	_, err := units.CurrencyUnit(num)
	return err == nil
}

// unnamedShares reports whether an input whose unit names no quantity
// ("number") reads a number its labels name no quantity for, in a table
// whose other rows count shares, under scopes that give shares another
// scale than amounts.
func unnamedShares(d registered, a *units.Amount, m document.Meaning, p document.Place, ns, ne int) bool {
	if _, ok := quantityOf(a.Unit); ok || !m.SharesRows || m.Quantity != document.QuantityAmount || m.Currency != "" && !m.ColumnCurrency {
		return false
	}
	return d.Doc.MeaningAs(p, ns, ne, document.QuantityShares).Scale.Exp() != m.Scale.Exp()
}

// subunitAfter returns the word at the start of rest, glued to the
// number or not, when it names a currency's hundredths ([numeral.Subunit]:
// "34.2p", "8.4 pence", "87 cents"), or "".
func subunitAfter(rest string) string {
	end := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && r != '¢' })
	if end < 0 {
		end = len(rest)
	}
	if w := rest[:end]; w != "" && numeral.Subunit(w) {
		return w
	}
	return ""
}

// quantityOf returns what an input's unit says its number counts: an
// amount of money, a number of shares, an amount per share, a percent.
func quantityOf(u units.Unit) (document.Quantity, bool) {
	switch {
	case u.IsZero():
		return 0, false
	case u.Kind() == units.KindPercent:
		return document.QuantityPercent, true
	case u.Kind() == units.KindRatio:
		return document.QuantityRatio, true
	case u.Kind() == units.KindDays || u.Kind() == units.KindMonths || u.Kind() == units.KindYears:
		// a length of time, which no declaration scales: "12,345.6"
		// given in years under "(Dollars in millions)" is no number of
		// years the scale's fix could make right
		return document.QuantityDuration, true
	case u.Noun() == "shares" || u.Noun() == "share":
		return document.QuantityShares, true
	}
	if per, ok := u.Per(); ok && (per.Noun() == "shares" || per.Noun() == "share") {
		return document.QuantityPerShare, true
	}
	if u.Currency() != "" {
		return document.QuantityAmount, true
	}
	return 0, false
}

// placeText is placeOf, formatted when a message prints it.
type placeText struct{ m document.Meaning }

func (p placeText) String() string { return placeOf(p.m) }

// placeOf names where a number stands, for messages: "in row "Net
// income", column "2024" of table 3".
func placeOf(m document.Meaning) string {
	if m.Table == 0 {
		return "in its sentence"
	}
	s := fmt.Sprintf("in table %d", m.Table)
	if m.RowLabel != "" {
		s += fmt.Sprintf(", row %q", clipTo(m.RowLabel, 50))
	}
	if m.Column != "" {
		s += fmt.Sprintf(", column %q", clipTo(m.Column, 50))
	}
	return s
}

func scaleName(s numeral.Scale) string {
	if s == numeral.Ones {
		return "the number as printed"
	}
	return s.Word() + "s"
}

// statedInProse reports whether a prose number's own words state scale
// sc apart from the number: "(in thousands)" in the same passage.
func statedInProse(p document.Place, sc numeral.Scale) bool {
	if p.Table != nil {
		return false
	}
	for _, dc := range document.Declarations(p.Text) {
		if dc.HasScale && dc.Scale.Exp() == sc.Exp() {
			return true
		}
	}
	return false
}

// currencyCodes returns the ISO 4217 codes a currency sign, code or name
// may stand for.
func currencyCodes(c string) []string {
	if codes := numeral.SignCurrencies(c); len(codes) > 0 {
		return codes
	}
	if codes := numeral.CurrencyNameCurrencies(c); len(codes) > 0 {
		return codes
	}
	if u, err := units.CurrencyUnit(strings.ToUpper(c)); err == nil {
		return []string{u.Currency()}
	}
	return nil
}

// currencyFix returns the one code a number printed in currency codes
// stands for: the declaration that governs it names one ("(In thousands
// of Canadian dollars)" over a column headed "$"), or the document's "$"
// can stand for one only; or "".
func (d registered) currencyFix(m document.Meaning, codes []string) string {
	if m.By != nil {
		if bc := currencyCodes(m.By.Currency); len(bc) == 1 && (len(codes) == 0 || slices.Contains(codes, bc[0])) {
			return bc[0]
		}
	}
	return d.dollar(codes)
}

// dollar returns the one code a document's "$" can stand for, when the
// codes are dollars and the document names no dollar but the U.S.
// dollar: "USD", or "".
func (d registered) dollar(codes []string) string {
	if len(codes) == 1 {
		return codes[0]
	}
	if !slices.Contains(codes, "USD") {
		return ""
	}
	t := strings.ToLower(d.Doc.Text())
	for _, other := range []string{"cad", "c$", "aud", "a$", "nzd", "nz$", "hk$", "hkd", "s$", "sgd", "mxn", "mx$", "twd", "nt$"} {
		if containsWord(t, other) {
			return ""
		}
	}
	// a dollar named by its country: "Canadian dollars", "Australian
	// dollar"; the country alone ("European, Mexican, Canadian and Asian
	// operations") names no currency
	for _, country := range []string{"canadian", "australian", "singapore", "hong kong", "new zealand", "mexican", "taiwan", "jamaican", "liberian", "namibian", "fijian", "bermudian", "bahamian", "barbadian", "belize", "brunei", "guyanese", "trinidad", "eastern caribbean", "east caribbean", "zimbabwe"} {
		for i := strings.Index(t, country); i >= 0; {
			rest := strings.TrimLeft(t[i+len(country):], " -")
			if strings.HasPrefix(rest, "dollar") {
				return ""
			}
			k := strings.Index(t[i+1:], country)
			if k < 0 {
				break
			}
			i += 1 + k
		}
	}
	return "USD"
}

// containsWord reports whether t holds w not inside a longer word: "cad"
// in "cad 5", not in "decade".
func containsWord(t, w string) bool {
	return anyAt(t, w, func(i int) bool {
		return (i == 0 || !isLetter(t[i-1])) && (i+len(w) >= len(t) || !isLetter(t[i+len(w)]))
	})
}

// anyAt reports whether ok holds at some offset where t holds w.
func anyAt(t, w string, ok func(i int) bool) bool {
	for i := strings.Index(t, w); i >= 0; {
		if ok(i) {
			return true
		}
		k := strings.Index(t[i+1:], w)
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// notPrinted refuses a match that does not print the input's number with
// its sign: it names what the match prints instead, and the fix when the
// match prints the number once with another sign ("(3,709)").
func (d registered) notPrinted(at string, in Input, a *units.Amount, places []document.Place) error {
	err := fieldErr(fault.QuoteMismatch, at+".display",
		"give the number exactly as the quote prints it, with its sign and parentheses, from a passage where the source itself prints it",
		"source %s does not print %q in the quote outside struck-through text", d.Name, in.Display)
	if a == nil {
		return err
	}
	var other, priced, european, pence, marked []string
	for _, p := range places {
		if d.Doc.Format == document.Text && strings.ContainsAny(p.Text, "<&~*_`#") {
			p.Text = readable(p.Text)
		}
		for from := 0; from < len(p.Text); {
			tok, ok := numeral.Next(p.Text, from)
			if !ok {
				break
			}
			from = max(tok.End, from+1)
			if !p.Within(tok.NumStart, tok.NumEnd) {
				continue // a number of the line the quote did not quote: no fix names it
			}
			if tok.Flags&(numeral.FlagDecimalComma|numeral.FlagDotGrouping|numeral.FlagAmbiguousDot) != 0 {
				european = append(european, tok.Text)
			}
			if tok.Marker != "" && strings.ReplaceAll(tok.Number, ",", "") == strings.ReplaceAll(a.Token().Number, ",", "") && a.Scale != numeral.Crore {
				marked = append(marked, tok.Text)
			}
			if rest := strings.ToLower(p.Text[tok.NumEnd:]); strings.ReplaceAll(tok.Number, ",", "") == strings.ReplaceAll(a.Token().Number, ",", "") {
				sp := strings.TrimLeft(rest, " ")
				if w := subunitAfter(sp); w != "" {
					pence = append(pence, tok.Number+rest[:len(rest)-len(sp)]+w)
				}
			}
			same := tok.Readable() && strings.ReplaceAll(tok.Number, ",", "") == strings.ReplaceAll(a.Token().Number, ",", "")
			if same && tok.Neg != a.Printed.Negative && tok.Marker == "" {
				other = append(other, tok.Text) // a marker's sign is not one a display can give
			}
			if cb := p.CurrencyBefore(tok.NumStart); same && tok.Neg == a.Printed.Negative && (tok.ScaleText == "" || tok.ScaleExp == a.Scale.Exp()) && cb != "" &&
				(a.Unit.Currency() == "" || !slices.Contains(currencyCodes(cb), a.Unit.Currency())) {
				// "S$123 million" given as a number, or in another currency
				priced = append(priced, cb)
			}
		}
	}
	if len(marked) > 0 && len(other) == 0 {
		// "12,345.67 Cr": a bank statement's credit or debit marker, or
		// crore; which one the text does not say
		m := markedErr(d, at, marked[0])
		err.Msg, err.Hint = m.Msg, m.Hint
		return err
	}
	if len(pence) > 0 && len(other) == 0 {
		// "34.2p", "8.4 pence": a currency's hundredths, which no display
		// in the currency matches
		err.Msg = fmt.Sprintf("source %s prints %s, an amount in a currency's hundredths (pence, cents)", d.Name, clipTo(pence[0], 30))
		err.Hint = "reckon does not read pence or cents as the currency: quote a figure printed in the currency itself, or ask"
		return err
	}
	if len(european) > 0 && len(other) == 0 && len(priced) == 0 {
		// "45.678,5": a decimal comma or dot grouping, which grounding
		// does not read; no display the model gives matches it
		err.Msg = fmt.Sprintf("source %s prints %s with a decimal comma or dots between digit groups, which grounding does not read", d.Name, clipTo(european[0], 30))
		err.Hint = "reckon does not ground a number printed with European separators (1.234,5): no display matches it; ask, or leave the number out"
		return err
	}
	if len(priced) > 0 && len(other) == 0 {
		// "$  302" read as a plain number: its currency is the fix
		err.Field = at + ".unit"
		err.Msg = fmt.Sprintf("source %s prints %s before %s, but the input's unit is %s", d.Name, priced[0], in.Display, a.Unit)
		err.Hint = fmt.Sprintf("the quote prints %s with the number: give its currency as unit", priced[0])
		if c := d.dollar(currencyCodes(priced[0])); c != "" && slices.Equal(priced, slices.Repeat(priced[:1], len(priced))) {
			return withFix(err, at+".unit", c)
		}
		return err
	}
	if len(other) == 1 {
		shown := strings.TrimSpace(other[0])
		for _, s := range numeral.CurrencySigns() {
			shown = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(shown, s), s))
		}
		err.Msg = fmt.Sprintf("source %s prints %s, not %q", d.Name, shown, in.Display)
		err.Hint = fmt.Sprintf("give display %q: the quote prints the number with that sign", shown)
		return withFix(err, at+".display", shown)
	}
	return err
}

// readable returns text as a reader sees it, for reading its numbers:
// markup, struck text and comments dropped and character references
// decoded, as quote's markup tier reads it, each table cell on its own so
// that a cell's separator never joins two numbers or makes a dash a sign
// ("— | 5,228" is a dash and 5,228).
func readable(text string) string {
	if !strings.Contains(text, "|") {
		return quote.Normalize(text, quote.Markup)
	}
	parts := strings.Split(text, "|")
	for i := range parts {
		parts[i] = quote.Normalize(parts[i], quote.Markup)
	}
	return strings.Join(parts, " | ")
}

// withFix adds the fix (field, value) to err.
func withFix(err *fault.Error, field, value string) *fault.Error {
	err.Fix = append(err.Fix, fault.Fix{Field: field, Value: value})
	return err
}

func asFault(err error, fe **fault.Error) bool {
	e, ok := err.(*fault.Error)
	if ok {
		*fe = e
	}
	return ok
}

// periodYearsOf returns the years an input's period names ("FY2021",
// "2024", "Q1 2025", "2023-10-01..2024-09-28" names its end, 2024).
func periodYearsOf(p string) []int {
	ys, _ := document.PeriodOf(p)
	if strings.Contains(p, "..") && len(ys) > 1 {
		return ys[len(ys)-1:]
	}
	return ys
}

// periodFits reports whether an input's years agree with a column's. A
// date under a date, or a year under a year, must be one of them. Where
// one names a date and the other a year (dated), the input's year may be
// the date's or the one before it: a fiscal year is named for the year it
// ends or the year it starts ("FY2021" under "August 29, 2021", fiscal
// 2023 under "February 3, 2024"), and a balance at a year's start is
// printed under the year it opens.
func periodFits(in, col []int, dated bool) bool {
	for _, y := range in {
		for _, c := range col {
			if y == c || dated && y == c-1 {
				return true
			}
		}
	}
	return false
}

// startYearNamed reports whether the number's column may carry the
// input's period named by the year before the column's: a balance at a
// year's start, printed under the year it opens; or a fiscal year that
// ends in January, February or March, which filers name by the year it
// starts as often as by the year it ends ("fiscal 2023" for the year
// ended March 31, 2024, as Japanese filers and many retailers name it).
// A balance given at a date under a period that runs is read either way
// too: "2024-12-31" under "Three Months Ended March 31, 2025" opens the
// quarter.
// A fiscal year that ends later in the year is named by its end (Apple's
// FY2024 ends September 28, 2024), and a plain year or a date names
// itself: neither is ever read as the year before.
func startYearNamed(in Input, m document.Meaning) bool {
	if m.Opening {
		return true // a balance at the start of the column's period: the day before it, the year before's close
	}
	if _, day := oneDate(in.Period); day && m.Duration {
		return true // a balance at a date, under the period that runs from it
	}
	if !fiscal(in.Period) || !m.Dated {
		return false
	}
	end, ok := lastDate(m.Period)
	return ok && end.Month() <= 3
}

// headerLike reports whether a column's period reads as a header ("2024",
// "Three Months Ended March 31, 2025"), not as a sentence a period was
// found in, which no input would give as its period.
func headerLike(p string) bool {
	n := len(strings.Fields(p))
	return n <= 12 && !(n > 5 && strings.HasSuffix(strings.TrimSpace(p), "."))
}

// fiscal reports whether an input's period names a fiscal year or a
// quarter: "FY2025", "Q1 FY25", "fiscal 2024", "Q3 2024".
func fiscal(p string) bool {
	low := strings.ToLower(p)
	return quarterOf(p) != 0 || strings.Contains(low, "fy") || strings.Contains(low, "fiscal")
}

// dateQuarter returns the calendar quarter that ends at the last date a
// column's header names ("June 30, 2024", "2024-09-30", "Three Months
// Ended March 31, 2025", "30.06.2024"), read by package dates; or 0: for a
// period longer than a quarter ("Six Months Ended"), a date that is not a
// quarter's end, or a numeric date whose two orders name different
// months ("06.03.2024"), which is never guessed.
func dateQuarter(h string) int {
	low := strings.ToLower(h)
	for _, long := range []string{"six months", "nine months", "twelve months", "year ended", "years ended", "half"} {
		if strings.Contains(low, long) {
			return 0
		}
	}
	month := 0
	for _, order := range []dates.Order{dates.DMY, dates.MDY} {
		ms := dates.Find(h, dates.Options{Order: order})
		if len(ms) == 0 || ms[len(ms)-1].Err != nil {
			continue
		}
		m := ms[len(ms)-1].Date.Month()
		if month != 0 && m != month {
			return 0 // "06.03.2024": March or June, as the source's order says
		}
		month = m
	}
	if month%3 != 0 {
		return 0 // not a quarter's end, or no date read
	}
	return month / 3
}

// quarterOf returns the quarter a period names, "Q2 2024" or "second
// quarter", 1 to 4, or 0.
func quarterOf(p string) int {
	low := strings.ToLower(p)
	for q, words := range [][]string{{"q1", "first quarter", "1st quarter"}, {"q2", "second quarter", "2nd quarter"}, {"q3", "third quarter", "3rd quarter"}, {"q4", "fourth quarter", "4th quarter"}} {
		for _, w := range words {
			if k := strings.Index(low, w); k >= 0 && (k == 0 || !isAlnum(low[k-1])) && (k+len(w) == len(low) || !isAlnum(low[k+len(w)])) {
				return q + 1
			}
		}
	}
	return 0
}

func isAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// dayOf returns the day an input's period names, when the number's column
// is headed by a day (a balance's column, not a period's that runs).
func dayOf(in Input, m document.Meaning) (dates.Date, bool) {
	if !m.Dated || m.Duration && !m.Opening && !m.Closing {
		return dates.Date{}, false // a flow under a period that runs has no day
	}
	return oneDate(in.Period)
}

// dayBefore reports whether an input's date is the close of the day
// before its column's: "2022-12-31" under "1 January 2023".
func dayBefore(in Input, m document.Meaning) bool {
	id, ok := dayOf(in, m)
	if !ok {
		return false
	}
	cd, ok := lastDate(m.Period)
	return ok && cd.Sub(id) == 1
}

// oneDate returns the one full date a period names, "2024-03-31" or
// "March 31, 2024".
func oneDate(p string) (dates.Date, bool) {
	return readDate(p, func(ms []dates.Mention) (dates.Date, bool) {
		if len(ms) != 1 || ms[0].Err != nil || !ms[0].Until.IsZero() || strings.TrimSpace(ms[0].Text) != strings.TrimSpace(p) {
			return dates.Date{}, false
		}
		return ms[0].Date, true
	})
}

// readDate reads a date from s with pick, in the orders a numeric date
// may be printed in: the one date every order that reads it agrees on
// ("31/12/2024" is 31 December in the only order that reads it;
// "03/04/2024" in two orders is two dates, and none).
func readDate(s string, pick func([]dates.Mention) (dates.Date, bool)) (dates.Date, bool) {
	var got dates.Date
	found := false
	for _, o := range []dates.Order{dates.OrderUnknown, dates.DMY, dates.MDY} {
		dt, ok := pick(dates.Find(s, dates.Options{Order: o}))
		switch {
		case !ok:
		case !found:
			got, found = dt, true
		case dt != got:
			return dates.Date{}, false
		}
	}
	return got, found
}

// openedAt reports whether date id can be the opening of a period that
// closes at cd: the close of the period before, as long as the column's
// (months, where it says; else a year), within the days a 52/53-week
// calendar moves a close.
func openedAt(cd, id dates.Date, months int) bool {
	if months == 0 {
		months = 12 // a column that says no length: a year's, as a dated column's roll-forward is
	}
	start, err := cd.AddMonths(-months)
	return err == nil && id.Sub(start) >= -8 && id.Sub(start) <= 8
}

// sameClose reports whether input date b is the balance of column date a:
// the same day, or the day before a column headed by a day's start.
func sameClose(a, b dates.Date) bool {
	n := a.Sub(b)
	return n == 0 || n == 1 // "As at 1 April 2023" is 31 March's close
}

// lastDate returns the last full date a column's header names, a range's
// end for a range.
func lastDate(h string) (dates.Date, bool) {
	return readDate(h, func(ms []dates.Mention) (dates.Date, bool) {
		for k := len(ms) - 1; k >= 0; k-- {
			switch {
			case ms[k].Err != nil:
			case !ms[k].Until.IsZero():
				return ms[k].Until, true // "July 1, 2023 to July 21, 2023" ends on the 21st
			default:
				return ms[k].Date, true
			}
		}
		return dates.Date{}, false
	})
}

// periodMonths returns how many months an input's period runs, 0 when it
// does not say: "Q2 2024" 3, "H1 2024" 6, "9M 2024" 9, "FY2024" 12, a
// range "2023-10-01..2024-09-28" by its days; a bare year or a date says
// nothing (a balance, or a year of either kind).
func periodMonths(p string) int {
	if a, b, ok := strings.Cut(p, ".."); ok {
		da, err1 := dates.ParseISO(strings.TrimSpace(a))
		db, err2 := dates.ParseISO(strings.TrimSpace(b))
		if err1 != nil || err2 != nil {
			return 0
		}
		return monthsOf(db.Sub(da) + 1)
	}
	low := strings.ToLower(p)
	if toDate(low) {
		return 0
	}
	if n := columnMonths(p); n != 0 {
		return n // "Q2 2024", "Three months ended June 30, 2024", "Year ended December 31, 2024"
	}
	for _, f := range []struct {
		words  []string
		months int
	}{
		{[]string{"first half", "second half", "half year", "half-year", "six months"}, 6},
		{[]string{"nine months"}, 9},
		{[]string{"fy", "fiscal", "full year", "twelve months", "12m"}, 12},
	} {
		for _, w := range f.words {
			if k := strings.Index(low, w); k >= 0 && (k == 0 || !isAlnum(low[k-1])) && (k+len(w) == len(low) || !isAlnum(low[k+len(w)]) || low[k+len(w)] >= '0' && low[k+len(w)] <= '9') {
				return f.months
			}
		}
	}
	return 0
}

// columnMonths returns how many months a column's header says its period
// runs, 0 when it does not: "Three Months Ended" 3, "26 Weeks Ended" 6,
// "Nine Months Ended" 9, "Year Ended", "52 Weeks Ended" 12.
func columnMonths(h string) int {
	low := strings.ToLower(h)
	if toDate(low) {
		return 0 // "Year to date", "Trailing twelve months": lengths reckon does not read
	}
	for _, f := range []struct {
		codes  []string
		months int
	}{{[]string{"h1", "h2", "1h", "2h", "hy", "6m"}, 6}, {[]string{"9m"}, 9}, {[]string{"3m"}, 3}} {
		for _, c := range f.codes {
			if codeAt(low, c) {
				return f.months // "H1 FY25", "9M FY25", "3M FY2026": the length before the year
			}
		}
	}
	for _, f := range []struct {
		words  []string
		months int
	}{
		{[]string{"three months", "3 months", "quarter", "12 weeks", "13 weeks", "14 weeks", "twelve weeks", "thirteen weeks"}, 3},
		{[]string{"six months", "6 months", "26 weeks", "27 weeks", "half year", "half-year", "first half", "second half"}, 6},
		{[]string{"nine months", "9 months", "39 weeks", "40 weeks", "thirty-nine weeks"}, 9},
		{[]string{"twelve months", "12 months", "year ended", "years ended", "year ending", "fiscal year", "full year", "52 weeks", "53 weeks", "fifty-two weeks"}, 12},
	} {
		for _, w := range f.words {
			if strings.Contains(low, w) && !(w == "quarter" && strings.Contains(low, "quarters")) {
				return f.months
			}
		}
	}
	if quarterOf(h) != 0 {
		return 3 // "Q4 2024"
	}
	if k := strings.Index(low, "fy"); k >= 0 && (k == 0 || !isAlnum(low[k-1])) {
		return 12 // "FY 2024", "FY24"
	}
	return 0
}

// codeAt reports whether low holds code c as a word of its own, or glued
// to a fiscal year or a year after it: "h1 fy25", "h1fy25", "1h25".
func codeAt(low, c string) bool {
	return anyAt(low, c, func(k int) bool {
		rest := low[k+len(c):]
		return (k == 0 || !isAlnum(low[k-1])) && (rest == "" || !isAlnum(rest[0]) || strings.HasPrefix(rest, "fy") || rest[0] >= '0' && rest[0] <= '9')
	})
}

// toDate reports a period reckon does not read a length from: "YTD",
// "year to date", "TTM", "trailing twelve months", "LTM".
func toDate(low string) bool {
	for _, w := range []string{"ytd", "year to date", "year-to-date", "ttm", "trailing", "ltm", "last twelve months"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// monthsOf returns a length of days as the months of a reporting period
// it is closest to: a quarter, a half, nine months or a year.
func monthsOf(days int) int {
	switch {
	case days >= 80 && days <= 100:
		return 3
	case days >= 170 && days <= 195:
		return 6
	case days >= 260 && days <= 285:
		return 9
	case days >= 350 && days <= 380:
		return 12
	}
	return 0
}

func uniq(ys []int) []int {
	out := slices.Clone(ys)
	slices.Sort(out)
	return slices.Compact(out)
}

// declaredIn names where the declaration that governs m is printed, for
// a message about the number: "its caption", with whose its is, or the
// scope of the table m's table repeats a row of.
func declaredIn(m document.Meaning, whose string) string {
	if m.Tie != "" {
		return "the " + m.By.Scope.String() + " of " + m.Tie + ","
	}
	return whose + " " + m.By.Scope.String()
}
