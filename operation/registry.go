package operation

import (
	"reflect"
	"regexp"
	"slices"
	"sync"
)

// The registry of named operations: a program registers its own with
// [Register], and one that wants reckon's standard set imports package
// github.com/reckonhq/reckon/operation/standard. A program that imports
// receipt alone, to calculate formulas and verify their receipts,
// registers no operation and links none of finance's or cost's
// mathematics; a receipt of an operation it has not registered is refused
// as unknown_operation, never guessed at.
var registry struct {
	sync.RWMutex
	ops map[string]Op
}

// opName is what an operation's name may be: snake_case.
var opName = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Register adds each op under its name, all or none; a nil op adds
// nothing. It panics on a name registered twice, on "formula" and on a
// name that is not snake_case, as an init function's programming error
// should.
func Register(ops ...Op) {
	registry.Lock()
	defer registry.Unlock()
	if registry.ops == nil {
		registry.ops = map[string]Op{}
	}
	add := map[string]Op{}
	for _, op := range ops {
		if op == nil || isNilValue(op) {
			continue
		}
		name := op.Name()
		_, dup := registry.ops[name]
		_, twice := add[name]
		if dup || twice || name == "formula" || !opName.MatchString(name) {
			panic("operation: " + name + " registered twice, or not a snake_case name")
		}
		add[name] = op
	}
	for name, op := range add {
		registry.ops[name] = op
	}
}

// isNilValue reports whether op is a typed nil.
func isNilValue(op Op) bool {
	switch v := reflect.ValueOf(op); v.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
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
