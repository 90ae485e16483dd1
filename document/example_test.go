package document_test

import (
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/document"
)

// A statement as an HTML filing prints it: the rendering joins a row's
// cells with " | ", and the caption above the table gives its numbers
// their scale, except the per-share rows of the "Earnings per share:"
// group.
func ExampleDocument_Meaning() {
	html := `<p>CONSOLIDATED STATEMENTS OF OPERATIONS</p>
<p>(In millions, except per-share amounts)</p>
<table>
<tr><td></td><td colspan="2">2024</td><td colspan="2">2023</td></tr>
<tr><td>Net sales</td><td>$</td><td>391,035</td><td>$</td><td>383,285</td></tr>
<tr><td>Earnings per share:</td></tr>
<tr><td>Diluted</td><td>$</td><td>6.08</td><td>$</td><td>6.13</td></tr>
</table>`
	d, err := document.Parse("10-K.htm", html, document.HTML)
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Text())
	for _, q := range []struct{ row, num string }{{"Net sales", "383,285"}, {"Diluted", "6.08"}} {
		at := strings.Index(d.Text(), q.row)
		for _, p := range d.Places(at, at+len(q.row)+40) {
			if k := strings.Index(p.Text, q.num); k >= 0 {
				m := d.Meaning(p, k, k+len(q.num))
				fmt.Printf("%s %s: %s %s, column %s\n", q.row, q.num, m.Quantity, m.Scale, m.Column)
				break
			}
		}
	}
	// Output:
	// CONSOLIDATED STATEMENTS OF OPERATIONS
	// (In millions, except per-share amounts)
	// 2024 | 2023
	// Net sales | $ | 391,035 | $ | 383,285
	// Earnings per share:
	// Diluted | $ | 6.08 | $ | 6.13
	// Net sales 383,285: amount million, column 2023
	// Diluted 6.08: per_share units, column 2024
}
