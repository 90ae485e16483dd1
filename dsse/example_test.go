package dsse_test

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"log"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// exampleKey is a fixed key so that the examples' output is stable: Ed25519
// signatures are deterministic. Real keys come from ed25519.GenerateKey or
// openssl genpkey -algorithm ed25519, and are read with ParsePrivateKey.
func exampleKey() ed25519.PrivateKey {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(i)
	}
	return ed25519.NewKeyFromSeed(seed)
}

func ExampleSign() {
	signer, err := dsse.NewEd25519Signer(exampleKey())
	if err != nil {
		log.Fatal(err)
	}
	env, err := dsse.Sign(receipt.PayloadType, []byte(`{"result":"1.344"}`), signer)
	if err != nil {
		log.Fatal(err)
	}
	out, err := json.MarshalIndent(env, "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(signer.KeyID())
	fmt.Println(string(out))
	// Output:
	// ed25519:a050837d85070582
	// {
	//   "payloadType": "application/vnd.reckon.receipt+json",
	//   "payload": "eyJyZXN1bHQiOiIxLjM0NCJ9",
	//   "signatures": [
	//     {
	//       "keyid": "ed25519:a050837d85070582",
	//       "sig": "vE7GIQpdDmabzTIAGWeN65KszwTGInTO6Sj4b89NPaLGroPIlUsJOd09Dv1EALkpA0Ytz6m4R/GbMLZBFMNrCQ=="
	//     }
	//   ]
	// }
}

func ExamplePAE() {
	fmt.Printf("%s\n", dsse.PAE("http://example.com/HelloWorld", []byte("hello world")))
	// Output:
	// DSSEv1 29 http://example.com/HelloWorld 11 hello world
}

func ExampleParsePublicKey() {
	// As written by: openssl pkey -in key.pem -pubout
	pemBytes := []byte(`-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEA1hv4JuxAl07csfNE3spyb6Al59i3LBJVduCca7RiivM=
-----END PUBLIC KEY-----
`)
	pub, err := dsse.ParsePublicKey(pemBytes)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(dsse.KeyID(pub))
	// Output:
	// ed25519:3a9a7546df18ae66
}

func ExampleMarshalPrivateKey() {
	priv := exampleKey()
	privPEM, err := dsse.MarshalPrivateKey(priv)
	if err != nil {
		log.Fatal(err)
	}
	pubPEM, err := dsse.MarshalPublicKey(priv.Public().(ed25519.PublicKey))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(privPEM), string(pubPEM))
	// Output:
	// -----BEGIN PRIVATE KEY-----
	// MC4CAQAwBQYDK2VwBCIEIAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4f
	// -----END PRIVATE KEY-----
	// -----BEGIN PUBLIC KEY-----
	// MCowBQYDK2VwAyEAA6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=
	// -----END PUBLIC KEY-----
}
