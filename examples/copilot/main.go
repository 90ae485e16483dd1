// Command copilot shows the release gate: a search page showed 30 of 84 matching
// documents, and only the answer that says 84 may leave, with the share on the
// page (35.7%) computed from the index's count and the page; "documents created in
// the last 10 days" is resolved from the date the application injects, and a
// draft with a guessed range is refused.
package main

import "github.com/reckonhq/reckon/internal/story"

func main() { story.Main(story.Copilot()) }
