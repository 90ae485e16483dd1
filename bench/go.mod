module github.com/reckonhq/reckon/bench

go 1.26.0

replace github.com/reckonhq/reckon => ../

require (
	github.com/cockroachdb/apd/v3 v3.2.3
	github.com/expr-lang/expr v1.17.8
	github.com/reckonhq/reckon v0.0.0-00010101000000-000000000000
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
