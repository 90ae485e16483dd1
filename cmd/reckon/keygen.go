package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/reckonhq/reckon/dsse"
)

// runKeygen is `reckon keygen -out PREFIX`: it writes a new Ed25519 key pair
// to PREFIX.key (PKCS#8 PEM, mode 0600) and PREFIX.pub (PKIX PEM), refusing
// to overwrite either, and prints the key id on stderr.
func runKeygen(args []string, _ io.Reader, _, stderr io.Writer) int {
	flags := newFlagSet("keygen", "-out PREFIX", stderr)
	prefix := flags.String("out", "", "write the key pair to `PREFIX`.key and PREFIX.pub")
	if !parseFlags(flags, args) {
		return exitUsage
	}
	if *prefix == "" {
		fmt.Fprintln(stderr, "reckon keygen: -out is required")
		printUsage(flags)
		return exitUsage
	}
	id, err := keygen(*prefix)
	if err != nil {
		fmt.Fprintf(stderr, "reckon keygen: %v\n", err)
		return exitRefused
	}
	fmt.Fprintf(stderr, "wrote %s.key (private: keep it secret) and %s.pub\nkey id %s\n", *prefix, *prefix, id)
	return exitOK
}

// keygen writes a new key pair under prefix and returns its key id.
func keygen(prefix string) (string, error) {
	privFile, pubFile := prefix+".key", prefix+".pub"
	// Check both names first so that a refusal leaves nothing behind.
	for _, name := range []string{privFile, pubFile} {
		if _, err := os.Lstat(name); err == nil {
			return "", fmt.Errorf("%s already exists; refusing to overwrite it", name)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return "", fmt.Errorf("generate key: %w", err)
	}
	privPEM, err := dsse.MarshalPrivateKey(priv)
	if err != nil {
		return "", err
	}
	pubPEM, err := dsse.MarshalPublicKey(pub)
	if err != nil {
		return "", err
	}
	if err := writeNew(privFile, privPEM, 0o600); err != nil {
		return "", err
	}
	if err := writeNew(pubFile, pubPEM, 0o644); err != nil {
		os.Remove(privFile) // a private key without its public half is of no use
		return "", err
	}
	return dsse.KeyID(pub), nil
}

// writeNew writes data to a file that must not exist yet. O_EXCL makes the
// refusal atomic, so a file created since the check is not overwritten
// either, and the mode is set at creation, so the key is never readable by
// others, even for a moment.
func writeNew(name string, data []byte, mode os.FileMode) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s already exists; refusing to overwrite it", name)
	}
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(name)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}
