// Command costco computes Costco's FY2021 debt-to-EBITDA (1.344×) from its 10-K
// line items, after refusing three drafts that get it wrong.
package main

import "github.com/reckonhq/reckon/internal/story"

func main() { story.Main(story.Costco()) }
