package reckon

import (
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

// Option sets how [Calc] and [Convert] present and record a result. The
// zero Option sets nothing.
type Option struct {
	// set writes the option into the request; opaque so that options can
	// grow without callers depending on the request's layout.
	set func(*receipt.Request)
}

// Unit presents the result in unit u: percent or pp for a ratio of like
// quantities or a difference of percents, a scaled or plain unit otherwise.
// It must agree with the unit inferred from the inputs.
func Unit(u string) Option { return Option{func(r *receipt.Request) { r.Output.Unit = u }} }

// Scale presents the result in scale s (million, crore, lakh, …); "" for ones.
func Scale(s string) Option { return Option{func(r *receipt.Request) { r.Output.Scale = s }} }

// Places rounds the result once to n digits after the point, half-even
// unless [Rounding] says otherwise. Without it the result is not rounded.
func Places(n int) Option {
	return Option{func(r *receipt.Request) { r.Output.Places = &n }}
}

// Rounding sets the rounding mode of [Places]: half_even (the default),
// half_up, down, up, floor or ceiling. Without Places nothing is rounded,
// so the mode is not used.
func Rounding(mode string) Option {
	return Option{func(r *receipt.Request) { r.Output.Rounding = mode }}
}

// Grouping groups the digits of the result's Display the Western way
// (1,234,567, the default) or the Indian way (12,34,567): "western" or
// "indian".
func Grouping(g string) Option { return Option{func(r *receipt.Request) { r.Output.Grouping = g }} }

// ID sets the calculation's id, recorded in the receipt.
func ID(id string) Option { return Option{func(r *receipt.Request) { r.ID = id }} }

// SamePeriod requires every input to carry the same period label.
func SamePeriod() Option { return Option{func(r *receipt.Request) { r.SamePeriod = true }} }

// Interpreted records that the formula is the caller's definition of a
// metric the source does not define, and how: note is required.
func Interpreted(note string) Option {
	return Option{func(r *receipt.Request) {
		r.Interpretation = &receipt.Interpretation{Kind: receipt.Interpreted, Note: note}
	}}
}

// Sources grounds the inputs that name a source ([In].Source) in the
// documents registered in s ([quote.NewSources]): each quote is found in
// its document and the number there must mean what the input says, and
// the receipt records where. Only a receipt whose inputs are all grounded
// backs numbers in prose at the gate (package claim).
func Sources(s *quote.Sources) Option {
	return Option{func(r *receipt.Request) { r.Sources = s }}
}
