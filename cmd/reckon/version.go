package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/reckonhq/reckon/receipt"
)

// modulePath is reckon's module, for the version line of a build that
// carries no build information.
const modulePath = "github.com/reckonhq/reckon"

// runVersion is `reckon version` (and `reckon -version`): the module's
// version as the build recorded it, the Go version, and the receipt types
// this build verifies.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("version", "", stderr)
	if !parseFlags(flags, args) {
		return exitUsage
	}
	version, goVersion := "(unknown)", "(unknown)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
		if bi.Main.Path == modulePath && bi.Main.Version != "" {
			version = bi.Main.Version // "(devel)" for a build from a checkout
		}
	}
	fmt.Fprintf(stdout, "reckon %s\nmodule %s\ngo %s\nengine %s %s\nverifies %s\n", version, modulePath,
		goVersion, receipt.CurrentEngine().Name, receipt.CurrentEngine().Version, strings.Join(receipt.KnownTypes(), ", "))
	return exitOK
}
