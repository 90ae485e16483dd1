// Command planner is a financial planner agent's three answers, every
// figure computed by a named operation: the mortgage payment under the
// lender's rate convention ($1,798.65 a month, beside the $1,768.11 draft
// that took 6% as an effective rate), a debt payoff plan with avalanche and
// snowball side by side, and how long $1,000,000 lasts at $5,000 a month.
// The release gate backs each figure of the answer from its receipt.
package main

import "github.com/reckonhq/reckon/internal/story"

func main() { story.Main(story.Planner()) }
