package main

import (
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/reckonhq/reckon/internal/story"
)

// TestStory pins every number the story prints.
func TestStory(t *testing.T) { golden.Story(t, story.Planner()) }
