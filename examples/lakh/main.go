// Command lakh computes income less shareholders' funds for the year ended 31
// March 2003 from figures printed in lakhs: ₹8,367,277,000.
package main

import "github.com/reckonhq/reckon/internal/story"

func main() { story.Main(story.Lakh()) }
