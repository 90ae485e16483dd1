package story

// All returns every story, in the order the demo tells them.
func All() []*Story {
	return []*Story{Costco(), Lakh(), Tweets(), Shortfall(), Planner(), Grant(), Copilot()}
}
