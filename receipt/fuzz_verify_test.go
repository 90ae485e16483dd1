package receipt

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/stretchr/testify/require"
)

// FuzzVerify feeds arbitrary envelope bytes to dsse.Decode and Verify.
// Nothing may panic, and only an envelope whose payload is one of the
// genuine seed receipts may verify: a fuzzer cannot forge a signature, and
// re-execution refuses any other payload.
func FuzzVerify(f *testing.F) {
	_, ring := v1Key()
	files, _ := filepath.Glob(filepath.Join("testdata", "v1", "*.receipt"))
	ops, _ := filepath.Glob(filepath.Join("testdata", "operation.v1", "*.receipt"))
	grounded, _ := filepath.Glob(filepath.Join("testdata", "v2", "*.receipt"))
	files = append(append(files, ops...), grounded...)
	var genuine [][]byte
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(f, err)
		f.Add(data)
		env, err := dsse.Decode(data)
		require.NoError(f, err)
		payload, _, err := dsse.Verify(env, PayloadType, ring, 1)
		require.NoError(f, err)
		genuine = append(genuine, payload)
		// An unsigned copy, for the AllowUnsigned path.
		env.Signatures = []dsse.Signature{}
		unsigned, err := json.Marshal(env)
		require.NoError(f, err)
		f.Add(unsigned)
	}
	f.Add([]byte(`{"payloadType":"application/vnd.reckon.receipt+json","payload":"","signatures":[]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := dsse.Decode(data)
		if err != nil {
			return
		}
		for _, p := range []Policy{{}, {AllowUnsigned: true}} {
			rep := verifyReport(env, ring, p)
			if !rep.OK {
				require.NotEmpty(t, rep.Reasons)
				continue
			}
			payload, err := env.DecodedPayload()
			require.NoError(t, err)
			isGenuine := false
			for _, g := range genuine {
				isGenuine = isGenuine || bytes.Equal(g, payload)
			}
			if !isGenuine {
				// Only an honest unsigned receipt may pass AllowUnsigned: its
				// content must re-execute to itself.
				require.True(t, p.AllowUnsigned && !rep.Signed, "a forged payload verified as signed")
			}
		}
	})
}
