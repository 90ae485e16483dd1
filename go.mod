module github.com/reckonhq/reckon

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/cockroachdb/apd/v3 v3.2.3 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/text v0.44.0 // indirect
)
