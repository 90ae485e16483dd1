package receipt

import (
	"sync"

	"github.com/reckonhq/reckon/internal/expr"
)

// formulaCacheSize bounds the parsed formulas kept. Agents reuse a handful of
// formulas across thousands of requests; 1,024 entries of at most 4 KiB of
// source each bound the cache to a few MiB.
const formulaCacheSize = 1024

// formulas caches parsed formulas by their text: a parsed formula is
// immutable, so one copy serves every goroutine. Verification re-parses the
// formula of every receipt, and the cache is what keeps that cheap.
var formulas = formulaCache{m: make(map[string]*parsed, formulaCacheSize)}

// parsed is a cached formula with what Calculate derives from it alone,
// whatever the values: its leaves. Both are read-only once cached.
type parsed struct {
	*expr.Formula
	leaves *leafSet
}

// formulaCache is a bounded map with random eviction: Go's map iteration
// order picks the victim, which is cheap and keeps no recency state to lock.
type formulaCache struct {
	mu sync.RWMutex
	m  map[string]*parsed
}

// parse returns the parsed formula for src under the default limits, with
// its leaves. Errors are not cached: a refused formula costs its parse each
// time, which the limits keep small.
func (c *formulaCache) parse(src string) (*parsed, error) {
	c.mu.RLock()
	f, ok := c.m[src]
	c.mu.RUnlock()
	if ok {
		return f, nil
	}
	ast, err := expr.Parse(src)
	if err != nil {
		return nil, err
	}
	f = &parsed{Formula: ast, leaves: collectLeaves(ast.Root)}
	c.mu.Lock()
	if len(c.m) >= formulaCacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[src] = f
	c.mu.Unlock()
	return f, nil
}
