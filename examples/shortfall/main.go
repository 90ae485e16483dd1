// Command shortfall computes how far India's growth fell short of its forecast:
// a relative shortfall of 35.821%, published as an interpreted formula, beside
// the absolute gap of 2.4 percentage points.
package main

import "github.com/reckonhq/reckon/internal/story"

func main() { story.Main(story.Shortfall()) }
