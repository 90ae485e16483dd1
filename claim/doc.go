// Package claim is the release gate: before an answer leaves, every number
// in its prose must be backed by a verified receipt or by an authoritative
// value the application supplies.
//
// A verified receipt proves a calculation; it does not prove that the
// sentence the user reads quotes it. A copilot shown "Showing 30 of 84
// matching documents" counted the 27 cards it could see and said 27; the
// database said 84. [Gate] extracts every number the text surfaces and
// compares it with the values it may quote:
//
//	d := claim.Gate(claim.Request{Text: draft, Question: q, Receipts: envs, Facts: facts},
//		trusted, receipt.Policy{}, claim.Options{})
//	if !d.Released {
//		keep(draft, d.Refusals) // the refused draft and its reasons, in the application's ledger
//	}
//
// A draft is released only when every receipt verifies with the caller's
// trusted keys and policy and every number that is a claim is backed.
// Otherwise the [Decision] lists each [Refusal] with its code and, for a
// number, its byte span. The tools keep every decision in their session
// (package session), and in a database with package ledger.
//
// # Numbers in prose
//
// [Extract] reads a text in one pass, in time linear in its length, and
// reads every number through the one reader of printed numbers,
// [numeral.ReadAt], which displays and quotes are read with too: the three
// never disagree on how a number reads (a test runs the reader's spec
// vectors, numeral/testdata/printed.txt, through extraction). The reader
// takes in, around the digits:
//
//   - Western (1,234,567.5) or Indian (12,34,567.5) grouping;
//   - a sign glued to the number or its currency: -, −, and every dash that
//     prints a minus (–4.3%, ‒4.3%); "10-15" is a range;
//   - accounting parentheses around an amount with a currency or grouping,
//     "($1,234)", "$(1,234)", "(1,234.5)", and "(4.3)%" with the unit
//     outside; "(84)" and "(2.5%)" around a bare number are asides in
//     prose, read without a sign;
//   - currency signs ($, ₹, £, €, Rs, Rs., US$, …; [numeral.CurrencySigns])
//     and upper-case ISO 4217 codes, before or after ("USD 5", "1,234 EUR",
//     "5 €");
//   - scale words and letters, glued ("$1.2bn", "10k") or after a space
//     ("8.37 billion", "836.73 crore"); after a space the letters m, b, k
//     and mm count only after a currency amount ("$84 M" is 84 million
//     dollars), since "5 m" may be metres and "5% m/m" is month on month;
//   - percent ("35.8%", "12 per cent"), percentage points ("2.4 pp"), basis
//     points ("25 bps") and ratios ("1.344×", "1.34x").
//
// Claim adds what prose prints after a number: days, months and years ("30
// years", "30-year"), currency names ("rupees", "US dollars";
// [numeral.CurrencyNameCurrencies]), and the noun of a count: up to three
// lower-case words after an integer, stopping at a stopword or punctuation
// ("84 documents", "84 matching documents"; "30 of 84" has none). The noun
// may take a verb ("6 banks agree"); that only widens what it matches.
// Markdown is read through: emphasis ("**27** documents", "_27_") and link
// text ("[27](url)"); the link's target, like a URL, is not read.
//
// A fraction is two numbers, each checked: "11/12 tests" claims 11 and 12
// tests, "7/10" claims 7 and 10, unless it is a date (see below).
//
// Each [Mention] has its byte span, the number as printed and its exact
// value at ones (Printed times the scale's factor, an [apd.Decimal]), the
// places printed after the point, the scale, the unit and the noun.
//
// Labels are not numbers: digits glued to letters that look like a label,
// an upper-case letter ("FY2021", "Q3", "H1", "COVID-19", "B-52") or up to
// three lower-case letters that are not a stopword ("v2", "mp3", "x86",
// "p.27"), or to one letter after ("3D", "4G", "7a"), or to "10-K"; "#42"
// and "@3"; versions and addresses ("1.2.3", "192.168.0.1"); digits in URLs
// and Markdown link targets; numbers of more than 34 digits, which are
// identifiers; the numbers one to ten written in words ("two options").
//
// # Numbers that cannot be read
//
// The gate fails closed. A number printed in a form the reader refuses, or
// that prose cannot carry, is not passed over: [ExtractAll] returns it as
// [Unreadable], and [Check] refuses it with code unreadable_number, its
// span and a hint:
//
//   - digits other than 0-9: superscripts ("²⁷", "27¹"), circled ("㉗"),
//     Roman numeral characters ("Ⅻ"), full-width and other scripts ("２７"),
//     fraction characters ("½"); subscripts glued to a letter ("CO₂") and
//     one superscript digit glued to a letter ("m²", a footnote mark
//     "revenue¹") belong to the word and are not numbers;
//   - letters that print like digits beside digits ("1O0", "2O");
//   - numbers past ten written in words ("twenty-seven", "seventeen",
//     "two dozen", "a million"): no reader gives them a value, so left to
//     pass they would release any number whatever the facts say;
//   - Roman numerals in letters used as a number: before a count noun
//     ("XXVII documents", but not "World War II ended" or "Phase III
//     trials") or as the whole answer;
//   - HTML character references in or beside a number ("&#50;&#55;",
//     "5&nbsp;million", "&minus;5");
//   - invisible characters (zero-width space, soft hyphen, word joiner,
//     direction marks, variation selectors) in a number or the words
//     beside it, and combining marks on digits;
//   - digits split by markup ("2**7**", "2<b>7</b>");
//   - digits glued to a word that is no label ("authored27", "27docs",
//     "16GB"), or to a letter of another script, a counter or a scale
//     ("27件", "27万"); letters glued to a currency sign, a currency the
//     reader does not know ("AU$5");
//   - an exponent ("2.7e1"), a decimal comma or dot grouping ("4,3%",
//     "1.234,5", "€1.234"), grouping that is neither Western nor Indian, or
//     by spaces ("5 500"), a decimal point or separator of another script
//     or typeface ("4·3%", "4٫3%", "1，084"), a minus after the number or
//     two signs;
//   - a scale word of another language, or one the scale table leaves out
//     ("84 Mio.", "84 milliard", "84 млн", "84 万", "$84 grand", "7
//     dozen"), and a per-mille sign ("43‰");
//   - a scale letter after a bare number ("84 M": million, or metres?), a
//     compound scale no one word holds ("5 thousand crore"), and Cr or Dr
//     after an amount (crore, or a bank statement's credit or debit);
//   - a spelled-out scale word kept from its number by markup, a table
//     cell or a bracket ("**$84** million", "$84</b> million", "| $84 |
//     million |", "$84 (in millions)");
//   - the first end of a range whose scale, unit or currency is printed
//     only after the second ("$84–90 million", "4.3–5%"); "$5–$10" reads
//     as two amounts;
//   - a minus one space before the number after a word or a colon ("the
//     margin was - 4.3%"; a list bullet at the start of a line is no
//     sign), and a currency sign the reader does not know beside the
//     number ("₩84", "84¢").
//
// # Values that back numbers
//
// A backing value comes from one of two places:
//
//   - a receipt that [receipt.Open] accepts with the caller's trusted
//     keys and policy: its result (both the exact value and the rounded
//     value it displays), the steps of a named operation and each of its
//     inputs (its printed value at its scale), when the receipt is
//     grounded (see below). A receipt that fails verification backs
//     nothing and is a refusal with code receipt_refused;
//   - a [Fact] the application supplies: a label, a value as a string, a
//     unit (required) and a scale. A fact with "exact": false says no exact
//     value exists (a similarity search knows no exact count); a number of
//     a compatible unit that no other value backs is then refused with
//     reason no_exact_value, whatever its value.
//
// # Grounded receipts
//
// A receipt proves arithmetic, not where its numbers came from: a model
// can have "27" signed as an input, or as a formula of literals. A verified
// receipt backs numbers only when every input is grounded, by its
// provenance:
//
//	text              its quote was found in a registered source: the input
//	                  records a grounding (receipt.InputRecord.Grounding)
//	page_image        grounded as text is, and the application accepts
//	                  page_image by name: a reading of an image needs an
//	                  independent check
//	system_of_record  its value equals a fact of the request, in a unit of
//	                  the same family (a count, the same currency, a percent)
//	user              a number of the question, read with the one reader,
//	                  has its value (the application's question: one the
//	                  model passed, [Options.ModelQuestion], grounds nothing)
//
// A receipt with no input, a formula of literals only, backs nothing. The
// application vouches for a provenance by name in [Options.Accept]
// ("text" for inputs read before sources were registered, say); never the
// model. A mention whose value only such a receipt has is refused with
// reason ungrounded_receipt, and the message names the input; the hint
// says when the fix is the developer's (no sources registered, page images
// not accepted, no question passed) and not the model's.
//
// Literals are the model's own numbers. A receipt that backs prose may
// carry only these, each a direct operand of +, −, × or ÷ whose other
// operand reads an input:
//
//	as a factor or divisor   an integer from 1 to 12, or a power of ten from
//	                         10^−12 to 10^12 that multiplies by at most 100:
//	                         "x * 100", "x / 2", "m * 12", "p / 1000000"
//	beside + or −            1: "1 + r", "b / a − 1", "n + 1"
//
// A power of ten that multiplies by more than 100 ("n * 1000",
// "n / 0.001") is refused: 27 documents times 1000 is no reading of the
// document, and a scale belongs in the input's scale, which grounding
// checks against the scale the source states.
//
// A formula carries at most one integer from 2 to 12, since factors
// multiply ("x / 4 * 9 / 7" makes 27 of 84). [Options.Literals] adds
// values allowed in both places, and not counted ("365"). Anything else is
// refused with reason literal_not_allowed: 27 in "x * 0 + 27" or
// "x − x + 27", 0 anywhere, a literal as an argument of abs, min, max or
// mean ("max(x, 27)", "mean(27, 27, 27)"), an operation of literals alone
// ("3 * 9", "x * (27 / 5)"). A number in a named operation's params ("the
// last 27 days") is a literal too: a value of its receipt that repeats one
// outside the allowance (the 27 days of that range) backs nothing.
//
// A model can also make its literals of a grounded input, so the
// allowance holds them too (reason literal_not_allowed):
//
//	constants   a part of the formula that reads an input, yet has the same
//	            value were each input doubled alone or all at once (the
//	            changes of the dependence check below), is a literal of that
//	            value where it stands: x / x is 1, x − x is 0, (x + x) / x
//	            is 2, abs(x) / x and min(x, x) / x are 1; "x * x + (x + x) / x"
//	            adds a 2 and is refused
//	reads       each read of an input after its first counts as the one
//	            integer from 2 to 12, since repetition multiplies (x + x + x
//	            is 3 * x, x * x * x is x cubed): one input may be read twice,
//	            as b in (a − b) / b or r in p * (1 + r) * (1 + r), and then
//	            the formula has no other integer from 2 to 12; "(x + x) * 3"
//	            and "x * x + y * y" are refused
//	addends     at most one sum of the formula adds a literal, written or
//	            made (the 1 of 1 + r, of b / a − 1 or of n + 1); a sum
//	            repeated whole counts once, so (1 + r) * (1 + r) adds one
//	            1, but "x * 5 + 1 + 1" and "(1 + r) * (1 + r) − 1" add two
//	            and are refused (compounded growth is read from the end
//	            value: (c − a) / a)
//
// Inputs that are one number under several names are one input for these
// rules and the dependence check: the same value quoted by overlapping
// spans of the same source bytes ("authored 5" and "5 documents"), or,
// ungrounded, the same provenance, unit and value (one fact, one number of
// the question). "x1 / x2 * 12" over one quote is x / x * 12.
//
// Allowed literals can still cancel the inputs ("(x − x + 1) * 3 * 9",
// "x / x * 12", "(1 + x / 1000000000000) * 27"), so a result backs a
// number only when the number depends on the inputs at the precision it
// shows: were each input doubled in turn, or all at once, some result
// would not back it, and the result with every input zero (the literals'
// own figure) does not back it. Otherwise the reason is
// result_ignores_inputs; a formula whose whole result is a constant made
// of its inputs ("x / x * 12") is refused with this reason, not as a
// literal.
//
// # Facts outrank receipts
//
// The application's facts are authoritative: a fact of a compatible unit
// outranks any receipt, whatever noun the prose prints. The facts that
// govern a number are:
//
//	a count, or an integer   every fact of unit count or count:NOUN; when the
//	printed with no unit     number's noun matches some of them, only those
//	                         and the facts of unit count ("84 documents" is
//	                         governed by count:documents, not count:authors;
//	                         "27 docs" and "27" by both)
//	an amount                every fact in a currency its sign may stand for
//	a percent                every fact of unit percent
//	pp or bp                 every fact of unit pp or bp
//	days, months, years      every fact of those units
//
// When facts govern a number, only they may back it: a receipt that has
// its value while they do not is refused with reason contradicts_fact
// ("Jane authored 27 docs." with a receipt of 27 and a fact of 84
// count:documents), and so is a number of the question ("Did Jane author
// 27 documents?"). A named operation's receipt computed from a governing
// fact (an input of provenance system_of_record is that fact) is not
// overruled by it, unless the number's noun names the fact's: the cost
// operation over the application's prices backs the bill. A formula is the
// model's: "b / 3" over a balance of $84 does not back "$28". Nor is a
// receipt overruled whose sources print the number's
// noun beside its value, when that noun is not the facts': with a fact of
// 84 count:documents, a sum of inputs grounded in quotes "24 tweets" and
// "17 tweets" backs "41 tweets", since the document, not the model, names
// the noun; "41 docs" stays refused. A fact that another number of the text quotes, or
// tries to quote (it is that number's nearest value), speaks for that
// number and does not hold the question's other amounts against it: "On
// $300,000 the payment is $1,798.65" is released with the fact 1,798.65
// USD. A number printed without a unit that is not an integer is governed
// by no fact. The rule fails closed: an answer that prints a count of
// another noun than the application's facts ("3 authors" beside a fact of
// 84 count:documents) needs a fact for it, or a receipt whose quotes print
// that noun.
//
// # The precision rule
//
// A number shows a precision: p places at the scale s it prints (836.73
// crore: p = 2, s = 10^7). A value v, in the number's unit, backs it when
//
//	round(v / s, p) = the number as printed
//
// where round is to p places, half-even or half-up (either is accepted; they
// differ only on exact ties). So 1.34373… backs "1.344×", "1.34×", "1.3" and
// "1", but not "1.35", "1.343" or "1.30×"; 8,367,277,000 rupees backs
// "₹836.73 crore", "8.37 billion rupees", "83,672.77 lakh" and
// "₹8,367,277,000", but not "Rs 83.67 crore", which is off by ten. An
// integer printed without a scale shows every digit: to round, prose must
// print a scale word ("8.37 billion", not "8,370,000,000"). A printed zero
// is backed only by zero: 84 documents never back "0 thousand documents".
//
// The sign counts: a negative value never backs a number printed without a
// sign, so a −3% fact never backs "grew 3%". An application whose prose
// carries the sign in words ("fell 2.4 pp", "a loss of $5 million") sets
// [Options.SignInWords] (`reckon claims -sign=false`), and a negative value
// then backs the unsigned number of the same magnitude, except one the
// words before it say went up ("grew 3%", "rose by 3%", "up 3%", "growth
// of 3%"): a fall never backs a rise. A number printed with a sign or
// accounting parentheses must agree in sign.
//
// # Units
//
// A value backs a number only when their units are compatible:
//
//	number printed      values of unit
//	currency            a currency its sign, code or name may stand for ($ → USD, CAD, …; ₹ → INR)
//	percent, ratio      number, ratio, percent (1.344 ratio backs 134.4%)
//	pp, bp              pp, bp (2.4 pp backs 240 bp); never percent
//	count with a noun   number, count, count:NOUN when NOUN is one of its words (plural s ignored)
//	days                days
//	months, years       months, years (12 months to the year)
//	no unit             any unit, compared in the value's own unit
//
// Values convert exactly within a family; currencies never convert. A
// compound unit (USD/count:shares) is compared by its numerator, since prose
// prints "per share" in words. A number printed with no unit may quote a
// value of any unit because prose states units once and then drops them ("in
// rupees crore: income 10,963.89, funds 2,596.61") or in a table header the
// extractor does not read; it must still equal the value at the precision it
// shows. [Options.StrictUnits] allows only number, ratio and count values
// for such numbers.
//
// An unbacked number is reported with a reason (not_backed; no_exact_value;
// unit_mismatch when a value of an incompatible unit equals it;
// contradicts_fact, ungrounded_receipt, literal_not_allowed and
// result_ignores_inputs above) and the
// nearest value of a compatible unit by relative difference |v − n| /
// max(|v|, |n|), given at the number's scale and places: what the number
// would print were it right.
//
// # Numbers that are not claims
//
// Some numbers are not claims. Each is a [Class]; [DefaultIgnore], used when
// [Options.Ignore] is zero, ignores all of them but quoted, which a model
// could use to smuggle a number past the gate; a caller may remove any
// (DefaultIgnore &^ Year), add quoted (DefaultIgnore | Quoted) or ignore
// none ([IgnoreNone]):
//
//	year         a plain four-digit 1900–2100 with no unit: "in 2021", "2021 results";
//	             a decade: "1990s"
//	date         "March 4", "4 Mar", "2021-03-04", "03/04/2021", "10:30", "10am"; a day
//	             and month alone after a word that introduces a date: "on 4/3", "by
//	             4/3", "Monday 4/3"; a numeric date is one mention whose value is its
//	             first number
//	ordinal      "1st", "3rd", "21st"
//	list_number  "1.", "2)" or "(3)" first on a line, after blanks or ">", with
//	             more text on the line
//	quoted       inside “…”, «…», a pair of straight quotes within a paragraph,
//	             or a line that starts with ">": the source's own words;
//	             checked unless the caller ignores it
//	question     equal in value and unit to a number of [Options.Question]
//	             (either side may print no unit): the numbers the user gave;
//	             refused all the same when a fact contradicts it (see above)
//	citation     "[1]", "[^2]"
//
// A number shaped like a year, a date or a list number that is followed by
// a count noun, a lower-case plural that is not one a year qualifies, is a
// count and a claim: "Costco runs 1984 warehouses", "we sold 2021 units",
// "(27) documents", "In March 27 documents were filed", "11/12 tests"; so
// is a reference mark before one, "[^27] documents", and a year-shaped
// number after a verb that counts, "Costco has 2021", "the total was
// 1984". A
// number that is the whole answer ("2021", "27.", "**84**") is a claim
// whatever its shape or class (a quoted one stays quoted).
//
// Ignored numbers are reported with their classes and are not checked.
// Numbers in code spans are checked.
//
// # JSON
//
// [ParseRequest] reads the input of `reckon claims` and the check_claims
// tool strictly; [Check] returns the [Report] they print. Values are
// strings, never JSON numbers:
//
//	in:  {"text": "X authored 27 documents.", "question": "How many documents did X author?",
//	      "receipts": [envelope, …],
//	      "facts": [{"label": "documents matching", "value": "84", "unit": "count", "scale": ""},
//	                {"label": "similar documents", "unit": "count:documents", "exact": false}],
//	      "ignore": ["year", "date"]}
//	out: {"ok": false,
//	      "mentions": [{"text": "27 documents", "start": 11, "end": 23, "value": "27",
//	        "printed": "27", "places": 0, "scale": "", "unit": "count", "noun": "documents",
//	        "classes": [], "ignored": false, "backed": false, "by": null,
//	        "reason": "not_backed", "nearest": "84",
//	        "nearest_by": {"kind": "fact", "index": 0, "label": "documents matching",
//	          "value": "84", "unit": "count"}}],
//	      "receipts": [verification report, …],
//	      "refusals": [{"code": "not_backed", "message": "…", "hint": "…",
//	        "mention": 0, "span": [11, 23]}]}
//
// "ignore", when present, replaces the caller's ignored classes; [] ignores
// none. A backing receipt value is {"kind": "receipt", "index": 0, "id":
// "costco-fy21-debt-ebitda", "field": "result", "value": "1.3437…", "unit":
// "ratio"}; an input's field is "inputs[2]" and its label is the input's.
// A request that cannot be checked has "ok": false, an "error" {code,
// message, hint} and one refusal with the same code.
//
// # Limits
//
// [Check] refuses, rather than checks in part, a text or question over
// 256 KiB, more than [MaxReceipts] receipts, more than [MaxFacts]
// values (receipt results and inputs included) and more than 2,000
// numbers, read or unreadable; [ParseRequest] refuses JSON over
// [MaxRequestBytes]. Extraction stops at the first number over
// 2,000, and reads 256 KiB of the worst text in milliseconds.
package claim
