module github.com/reckonhq/reckon

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/cockroachdb/apd/v3 v3.2.3
	github.com/stretchr/testify v1.12.1
	golang.org/x/text v0.44.0
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
