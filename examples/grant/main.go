// Command grant scores an organization's fit for a funding announcement: the model
// gives verdicts and quotes, reckon checks the quotes and counts the points.
package main

import "github.com/reckonhq/reckon/internal/story"

func main() { story.Main(story.Grant()) }
