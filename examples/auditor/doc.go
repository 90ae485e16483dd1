// Package auditor holds the auditor's walk-through that docs/auditors.md shows:
// walkthrough.sh, run by this package's test against a freshly built reckon.
package auditor
