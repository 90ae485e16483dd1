package operation

import (
	"slices"
	"sync"
)

// The registry of named operations: the package that defines an operation
// registers it when it is imported, and a program that wants reckon's
// standard set imports package
// github.com/reckonhq/reckon/operation/standard. A program that imports
// receipt alone, to calculate formulas and verify their receipts, pulls in
// no operation's mathematics; a receipt of an operation it has not
// imported is refused as unknown_operation, never guessed at.
var registry struct {
	sync.RWMutex
	ops map[string]Op
}

// Register adds each op under its name; a nil op adds nothing. It panics
// on a name registered twice, on "formula" and on an empty name, as an init
// function's programming error should.
func Register(ops ...Op) {
	registry.Lock()
	defer registry.Unlock()
	if registry.ops == nil {
		registry.ops = map[string]Op{}
	}
	for _, op := range ops {
		if op == nil {
			continue
		}
		name := op.Name()
		if _, dup := registry.ops[name]; dup || name == "formula" || name == "" {
			panic("operation: " + name + " registered twice, or not a name")
		}
		registry.ops[name] = op
	}
}

// Lookup returns the operation registered under name.
func Lookup(name string) (Op, bool) {
	registry.RLock()
	defer registry.RUnlock()
	op, ok := registry.ops[name]
	return op, ok
}

// Names returns the names of the registered operations, sorted: the values
// a request's "operation" may take.
func Names() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.ops))
	for name := range registry.ops {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
