// Command tweets adds counts read from a bar chart on a page image (24 + 12 + 5
// = 41) and records that they came from an image; the answer leaves only once
// the application, which reads the page with OCR, accepts page-image readings.
package main

import "github.com/reckonhq/reckon/internal/story"

func main() { story.Main(story.Tweets()) }
