// Package expr is reckon's bounded formula language: a small grammar of
// decimal arithmetic over named inputs, evaluated exactly.
package expr
