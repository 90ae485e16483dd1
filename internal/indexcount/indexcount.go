// Package indexcount counts the quote indexes built in this process, so
// that tests can hold each layer to indexing a registered source once: a
// tool set, an MCP server, a batch. Counting costs one atomic addition per
// index, against the milliseconds an index of a filing takes to build.
package indexcount

import "sync/atomic"

var builds atomic.Int64

// Add records that one index was built.
func Add() { builds.Add(1) }

// Builds returns the number of indexes built so far in this process.
func Builds() int64 { return builds.Load() }
