package main

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMain(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	stdout := os.Stdout
	os.Stdout = w
	main()
	os.Stdout = stdout
	require.NoError(t, w.Close())
	var out bytes.Buffer
	_, err = io.Copy(&out, r)
	require.NoError(t, err)
	require.Equal(t, "24 + 12 + 5 = 41 tweets\nverified: true\n", out.String())
}
