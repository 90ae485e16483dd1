// Package jsonobj splits a JSON object into its members exactly as they
// were written, for readers that must see what every other reader of the
// same bytes sees: a key given twice, or a key that differs from a known
// one only in case (which encoding/json would take for it), is refused
// rather than resolved one way or the other.
package jsonobj

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Fields splits the JSON object data into its members, each value's bytes
// as written (no white space around them). It fails when data is not one
// JSON object, gives a key twice, has a key that differs from one of known
// only in case, or has data after the object. Keys outside known are kept.
func Fields(data []byte, known ...string) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	fields := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string) // an object's keys are strings
		if _, dup := fields[key]; dup {
			return nil, fmt.Errorf("field %q appears twice", key)
		}
		for _, f := range known {
			if f != key && strings.EqualFold(f, key) {
				return nil, fmt.Errorf("field %q differs from %q only in case", key, f)
			}
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		fields[key] = raw
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the object")
	}
	return fields, nil
}
