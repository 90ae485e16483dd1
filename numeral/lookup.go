package numeral

import (
	"slices"
	"strings"
)

// CurrencySigns returns the currency signs that the reader accepts before
// a number, longest first, so that a scanner trying them in order finds
// "US$" before "$" and "Rs." before "Rs".
func CurrencySigns() []string { return slices.Clone(prefixSymbols) }

// SignCurrencies returns the ISO 4217 codes a printed currency sign may stand
// for ("₹" → INR; "$" → USD, CAD, AUD, …), or nil when sign is not one of
// [CurrencySigns]. A sign agrees with any of its codes; it never picks one.
func SignCurrencies(sign string) []string { return slices.Clone(symbolCodes[sign]) }

// symbolCodes maps each currency sign accepted before or after a number to
// the codes it may stand for. A sign agrees with a unit field naming any of
// them; it never picks a currency by itself.
var symbolCodes = map[string][]string{
	"$":   {"USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "MXN", "ARS", "CLP", "COP", "UYU", "BSD", "BBD", "BMD", "BZD", "FJD", "GYD", "JMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD"},
	"US$": {"USD"}, "C$": {"CAD"}, "A$": {"AUD"}, "NZ$": {"NZD"}, "HK$": {"HKD"},
	"S$": {"SGD"}, "R$": {"BRL"}, "NT$": {"TWD"},
	"₹": {"INR"}, "Rs": {"INR", "PKR", "LKR", "NPR"}, "Rs.": {"INR", "PKR", "LKR", "NPR"},
	"₨": {"INR", "PKR", "LKR", "NPR"}, "€": {"EUR"}, "£": {"GBP"}, "¥": {"JPY", "CNY"},
	"kr": {"SEK", "NOK", "DKK", "ISK"},
}

// prefixSymbols lists the signs in symbolCodes longest first, so that "US$"
// is tried before "$".
var prefixSymbols = []string{"NZ$", "HK$", "NT$", "US$", "Rs.", "C$", "A$", "S$", "R$", "Rs", "kr", "$", "₹", "₨", "€", "£", "¥"}

// currencyWords maps the English names of currencies, as prose prints them
// after a number ("8.37 billion rupees"), to the sign whose codes they share.
// Only names that are not also common words for something else are listed.
var currencyWords = map[string]string{
	"rupee": "Rs", "rupees": "Rs",
	"dollar": "$", "dollars": "$",
	"us dollar": "US$", "us dollars": "US$", "u.s. dollar": "US$", "u.s. dollars": "US$",
	"canadian dollar": "C$", "canadian dollars": "C$", "australian dollar": "A$", "australian dollars": "A$",
	"new zealand dollar": "NZ$", "new zealand dollars": "NZ$", "hong kong dollar": "HK$", "hong kong dollars": "HK$",
	"singapore dollar": "S$", "singapore dollars": "S$", "new taiwan dollar": "NT$", "new taiwan dollars": "NT$",
	"euro": "€", "euros": "€",
	"pound sterling": "£", "pounds sterling": "£",
}

// nameCodes holds the currency names whose codes no sign covers exactly.
var nameCodes = map[string][]string{
	"yen": {"JPY"}, "yuan": {"CNY"}, "renminbi": {"CNY"}, "rmb": {"CNY"},
	"mexican peso": {"MXN"}, "mexican pesos": {"MXN"}, "chilean peso": {"CLP"}, "chilean pesos": {"CLP"},
	"colombian peso": {"COP"}, "colombian pesos": {"COP"}, "argentine peso": {"ARS"}, "argentine pesos": {"ARS"},
	"philippine peso": {"PHP"}, "philippine pesos": {"PHP"}, "swiss franc": {"CHF"}, "swiss francs": {"CHF"},
	"japanese yen": {"JPY"}, "chinese yuan": {"CNY"}, "indian rupee": {"INR"}, "indian rupees": {"INR"}, "brazilian real": {"BRL"}, "brazilian reais": {"BRL"}, "reais": {"BRL"},
	"sri lankan rupee": {"LKR"}, "sri lankan rupees": {"LKR"}, "pakistani rupee": {"PKR"}, "pakistani rupees": {"PKR"},
}

// CurrencyNameCurrencies returns the ISO 4217 codes an English currency name
// may stand for, ignoring case and surrounding spaces: "rupees" → INR, PKR,
// LKR, NPR; "dollars" → the codes of "$"; "US dollars" → USD; "euros" → EUR;
// "yen" → JPY; "RMB" → CNY. It returns nil for anything else, including "pounds", which
// weighs as often as it pays.
func CurrencyNameCurrencies(name string) []string {
	n := strings.ToLower(strings.Join(strings.Fields(name), " "))
	if sign, ok := currencyWords[n]; ok {
		return SignCurrencies(sign)
	}
	return slices.Clone(nameCodes[n])
}
