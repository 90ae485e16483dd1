// Package fakeapi serves canned answers on loopback to the tests of the
// adapters, which reach it through their SDKs' own clients.
package fakeapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Serve answers every request with the JSON reply(n), n counting from 1,
// until the test ends. It returns the server's URL and the count of
// requests so far.
func Serve(t *testing.T, reply func(n int) string) (url string, n *int) {
	t.Helper()
	n = new(int)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*n++
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, reply(*n))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, n
}
