// Package document parses a registered source once into what a reader
// sees: a rendering for the model, its structure, and the meaning each
// printed number has where it stands.
//
// # Formats
//
// One reader per format, each on the library its ecosystem trusts
// ([Parse], [FormatOf], [Sniff]):
//
//   - [HTML], including SEC inline XBRL, with golang.org/x/net/html:
//     hidden, struck and template elements and comments dropped,
//     character references decoded, ix: tags read through, th/td with
//     colspan and rowspan laid on a grid.
//   - [Markdown] with goldmark and its GitHub tables; struck text dropped.
//   - [Text], including PDF text layers: pipe tables ("a | b"), and
//     columns aligned by spaces, whose boundaries are found from where
//     the fields of a block's rows stand.
//
// # Rendering
//
// [Document.Text] is what the model is shown and what quotes are checked
// against: for HTML and Markdown the visible text, a block a line, a
// table row a line with its non-empty cells joined by " | "; plain text is
// its own rendering. [Document.Span] maps rendering bytes back to the
// original bytes, which a receipt records.
//
// # Meaning by scope
//
// A declaration — a scale ("(In millions, except per share data)",
// "$000", "£m", "Rs. in lacs"), a currency, a percent, what is counted,
// a period — belongs to the narrowest scope that prints it: the number's
// cell, its row's label, the label row of its group, the header cells
// over its column, a header row that declares for the whole table, the
// lines printed directly above the table (its caption, or a caption the
// extract printed after it), a line of its own earlier in the section, or
// a sentence repeated as a running foot. [Document.Meaning] looks a
// number's meaning up through those scopes, innermost first; two
// declarations at one scope that give it different scales make it
// ambiguous ([Meaning].Rival), and so does a column a rendering left
// unknown where the columns say different things ([Meaning].Unaligned).
// An except clause is resolved by what the number's own labels name:
// "except per share data" exempts the rows of an "Earnings per share:"
// group, "shares, which are reflected in thousands" gives share rows
// thousands. Prose is governed by its own words and its section's lines,
// never by a table's caption: "we granted 346,453 PSUs" after a
// "(thousands)" table is 346,453.
//
// A table carried onto the next page (only a footer, a page number or
// column titles between) continues its predecessor's caption; a table of
// one row (a page footer) is skipped over. A table that states no scale,
// one of whose rows prints every figure of a row of a table scaled as a
// whole (a note's roll-forward ending on a statement's balance), is in
// that table's scale ([Meaning].Tie).
package document
