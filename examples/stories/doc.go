// Package stories holds the stories reckon exists for, each the code an
// application writes against reckon's public API, printing what happens to
// an [io.Writer]. `reckon demo` tells them all, and this package's tests pin
// every line they print, so what the README and the demo show is what the
// tests check.
//
// Each story is one file, to be read top to bottom and copied from:
//
//   - it registers the documents its model reads ([quote.NewSources]),
//     short excerpts laid out as the filing, report or page prints them,
//     embedded from testdata/sources;
//   - it builds the requests a model would send, every input read from a
//     document naming it and quoting it;
//   - it calculates the drafts that get the question wrong and shows why
//     each is refused, with its error code and hint ([receipt.Respond]);
//   - it calculates the answer, signs it, and verifies the receipt by
//     re-execution with the documents ([receipt.Open]);
//   - where the answer is prose, it passes each draft of it through the
//     release gate ([claim.Gate]), which releases only numbers a verified
//     receipt or an application's fact backs.
//
// The stories are [Costco], [Lakh], [Tweets], [Shortfall], [Planner],
// [Grant] and [Copilot]; [All] lists them in the order the demo tells them.
// The helpers that lay out what a story prints are in show.go: they print,
// and call nothing of reckon's but to read what they are given.
package stories
