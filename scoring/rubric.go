package scoring

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/internal/visible"
	"golang.org/x/text/unicode/norm"
)

// Rubric is the criteria a judgement is scored on and the weight of each.
// Weights live here, in code and configuration, and never in the prompt:
// the model rates each criterion with a [Verdict] and code turns verdicts
// into points.
//
// A valid rubric has between one and 50 criteria with unique
// names, each weight a positive integer, and weights that sum exactly to
// the total. See [Rubric.Validate].
type Rubric struct {
	// Name identifies the rubric in reports and logs, such as "grant-fit".
	// It is optional and never shown to the model.
	Name string
	// Total is what the weights must sum to; 0 means 100.
	Total int64
	// Criteria are rated in this order, and reported in it.
	Criteria []Criterion
}

// Criterion is one thing a judgement rates.
type Criterion struct {
	// Name is the criterion's heading in the model's blocks, such as
	// "mission alignment". Headings match it without regard to case or to
	// runs of white space.
	Name string
	// Description says what the criterion means; the prompt shows it to the
	// model, so it holds no digits.
	Description string
	// Weight is the points a STRONG verdict earns: a positive integer.
	Weight int64
	// Source, if set, names the source a rated block of this criterion
	// must cite, matched like source names: a verdict above NONE that
	// does not quote it is refused. A track record is shown by the
	// subject's own documents, not by the funder's announcement. It is
	// optional; empty means any source.
	Source string
}

// Bounds of a rubric. They keep every sum and percentage far inside the
// precision of the arithmetic and keep the prompt to a readable size.
const (
	// defaultTotal is the total of a rubric that declares none.
	defaultTotal = 100
	// maxTotal bounds a rubric's total and so each weight; a million
	// points is finer than any judgement a verdict scale can express.
	maxTotal = 1_000_000
	// maxCriteria bounds the criteria of a rubric; a model rates a few
	// criteria well and dozens poorly.
	maxCriteria = 50
	// maxNameBytes bounds a criterion's name; it is a heading, not prose.
	maxNameBytes = 64
	// maxDescriptionBytes bounds a criterion's description.
	maxDescriptionBytes = 1000
)

// GrantFitProfile is the name under which the grant-fit rubric expects the
// organization's own profile: its track record must be quoted from it.
const GrantFitProfile = "org profile"

// GrantFit returns the ready-made rubric for how well an organization fits
// a funding opportunity: eligibility 20, mission alignment 25, program fit
// 20, track record 15, award size 10 and timeline 10, out of 100. A rated
// track record must cite the source named [GrantFitProfile]. Each call
// returns a fresh copy that the caller may change.
func GrantFit() Rubric {
	return Rubric{Name: "grant-fit", Total: 100, Criteria: []Criterion{
		{Name: "eligibility", Weight: 20, Description: "the organization meets the opportunity's eligibility " +
			"requirements: the kind of organization, its location, its legal status and any other restriction on who may apply"},
		{Name: "mission alignment", Weight: 25, Description: "the organization's mission and the outcomes it " +
			"pursues match the purpose and priorities the funder states"},
		{Name: "program fit", Weight: 20, Description: "the work the organization would propose matches the " +
			"activities, the people served and the approach the opportunity funds"},
		{Name: "track record", Weight: 15, Source: GrantFitProfile, Description: "the organization has done comparable work before " +
			"and can show its results"},
		{Name: "award size", Weight: 10, Description: "the amount the organization needs, and its capacity " +
			"to manage it, suit the opportunity's range of awards"},
		{Name: "timeline", Weight: 10, Description: "the organization can apply by the deadline and carry " +
			"out the work within the opportunity's project period"},
	}}
}

// total returns the declared total, or defaultTotal for 0.
func (r Rubric) total() int64 {
	if r.Total == 0 {
		return defaultTotal
	}
	return r.Total
}

// Find returns the index of the criterion whose name matches name without
// regard to case, surrounding white space or runs of white space, or -1.
func (r Rubric) Find(name string) int {
	k := key(name)
	for i, c := range r.Criteria {
		if key(c.Name) == k {
			return i
		}
	}
	return -1
}

// key is the form in which names are compared: NFC, trimmed, runs of white
// space as one space, lower case. NFC makes a name typed with a combining
// accent the same name as its precomposed spelling.
func key(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(norm.NFC.String(s)), " "))
}

// lookKey is the form in which two names are too alike to tell apart: key
// after NFKC, so that a full-width "ｅｌｉｇｉｂｉｌｉｔｙ", a ligature "ﬁt"
// or a long s "ſcope" repeats the plain name it shows as. Headings are still
// matched by key; lookKey only refuses a rubric whose prompt would show a
// model, and whose report would show a person, the same name twice.
func lookKey(s string) string { return key(norm.NFKC.String(s)) }

// Validate reports every problem with r as an [ErrorList]: no criteria or
// more than 50, an empty, over-long or duplicated name (compared
// in NFKC, without regard to case), a name or description that shows
// nothing or holds a digit, a percent sign, a line break, an invisible
// (default-ignorable) character or a bidi control, a criterion's source
// that is no valid source name, a weight of zero or less or above
// 1,000,000, a total out of range, and weights that do not sum to the
// total. It returns nil for a valid rubric.
func (r Rubric) Validate() error {
	var errs ErrorList
	if r.Total < 0 || r.Total > maxTotal {
		errs.add(0, fault.InvalidTotal, fmt.Sprintf("use a whole number from 1 to %d", maxTotal),
			"total is %d", r.Total)
	}
	switch n := len(r.Criteria); {
	case n == 0:
		errs.add(0, fault.NoCriteria, "list at least one criterion", "the rubric has no criteria")
	case n > maxCriteria:
		errs.add(0, fault.TooManyCriteria, "merge or drop criteria",
			"%d criteria exceed the limit of %d", n, maxCriteria)
	}
	seen := make(map[string]string, len(r.Criteria))
	var sum int64
	for i, c := range r.Criteria {
		label := fmt.Sprintf("criterion %q", c.Name)
		if c.Name == "" {
			label = fmt.Sprintf("criterion #%d", i+1)
		}
		checkName(&errs, label, c.Name)
		if k := lookKey(c.Name); k != "" {
			if prev, dup := seen[k]; dup {
				errs.add(0, fault.DuplicateName, "give every criterion its own name",
					"%s repeats criterion %q", label, prev)
			}
			seen[k] = c.Name
		}
		checkDescription(&errs, label, c.Description)
		if c.Source != "" {
			if err := checkSourceName(c.Source); err != nil {
				errs.add(0, fault.InvalidSource, err.Hint, "source of %s: %s", label, err.Msg)
			}
		}
		if c.Weight <= 0 || c.Weight > maxTotal {
			errs.add(0, fault.InvalidWeight, fmt.Sprintf("use a whole number from 1 to %d", maxTotal),
				"weight of %s is %d", label, c.Weight)
		} else {
			sum += c.Weight
		}
	}
	if len(errs) == 0 && sum != r.total() {
		errs.add(0, fault.TotalMismatch, "change the weights or declare their sum as the total",
			"weights sum to %d, not to the total %d", sum, r.total())
	}
	return errs.Err()
}

// checkName checks a criterion's name: it is a heading in the model's
// blocks, where digits are refused, so it may hold none.
func checkName(errs *ErrorList, label, name string) {
	switch {
	case utf8.ValidString(name) && !visible.In(name):
		errs.add(0, fault.InvalidName, "name every criterion", "%s has no name", label)
	case name != strings.TrimSpace(name):
		errs.add(0, fault.InvalidName, "trim the name", "%s has white space around its name", label)
	case len(name) > maxNameBytes:
		errs.add(0, fault.InvalidName, "shorten the name and say more in the description",
			"name of %s is longer than %d bytes", label, maxNameBytes)
	case strings.HasPrefix(name, "#") || strings.HasPrefix(name, "-"):
		errs.add(0, fault.InvalidName, "start the name with a letter", "name of %s starts with %q", label, name[:1])
	case !plain(name):
		errs.add(0, fault.InvalidName, "spell numbers out; names are headings the model writes",
			"name of %s holds a digit, a percent sign or a control character", label)
	case visible.Hidden(name) >= 0:
		errs.add(0, fault.InvalidName, "remove invisible characters; two names must differ in what a reader sees",
			"name of %s holds %s", label, hiddenRune(name))
	}
}

// checkDescription checks a criterion's description: the prompt shows it,
// and a prompt without digits cannot leak a weight.
func checkDescription(errs *ErrorList, label, desc string) {
	switch {
	case utf8.ValidString(desc) && !visible.In(desc):
		errs.add(0, fault.InvalidDescription, "say what the criterion means; the model sees it",
			"%s has no description", label)
	case len(desc) > maxDescriptionBytes:
		errs.add(0, fault.InvalidDescription, "shorten the description",
			"description of %s is longer than %d bytes", label, maxDescriptionBytes)
	case !plain(desc):
		errs.add(0, fault.InvalidDescription, "spell numbers out; the prompt holds no digits, so no weight can leak into it",
			"description of %s holds a digit, a percent sign or a control character", label)
	case visible.Hidden(desc) >= 0:
		errs.add(0, fault.InvalidDescription, "remove invisible characters; the model must read what a person reads",
			"description of %s holds %s", label, hiddenRune(desc))
	}
}

// hiddenRune names the first invisible or bidirectional control character
// of s, which [visible.Hidden] found, for an error message.
func hiddenRune(s string) string {
	r, _ := utf8.DecodeRuneInString(s[visible.Hidden(s):])
	if visible.Bidi(r) {
		return fmt.Sprintf("the bidirectional control %U", r)
	}
	return fmt.Sprintf("the invisible character %U", r)
}

// plain reports whether s is valid text without numbers, percent signs or
// control characters (line breaks included).
func plain(s string) bool {
	for _, r := range s {
		if r == unicode.ReplacementChar || isNumeric(r) || unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// isNumeric reports whether r writes a number or a share: any Unicode digit
// or numeric character (such as "½" or "²") and the percent, per-mille and
// per-ten-thousand signs.
func isNumeric(r rune) bool {
	return unicode.IsNumber(r) || r == '%' || r == '‰' || r == '‱' || r == '％'
}

// jsonRubric is the wire form of a rubric. Weights and the total are JSON
// strings, as every number that crosses a boundary is.
type jsonRubric struct {
	Name     string          `json:"name,omitempty"`
	Total    json.RawMessage `json:"total,omitempty"`
	Criteria []jsonCriterion `json:"criteria"`
}

type jsonCriterion struct {
	Name        string          `json:"name"`
	Weight      json.RawMessage `json:"weight"`
	Description string          `json:"description"`
	Source      string          `json:"source,omitempty"`
}

// MarshalJSON encodes r with weights and the total as strings:
//
//	{"name": "grant-fit", "total": "100", "criteria": [
//	  {"name": "eligibility", "weight": "20", "description": "..."}]}
//
// The total is always written, as the default 100 when r.Total is 0.
func (r Rubric) MarshalJSON() ([]byte, error) {
	j := jsonRubric{Name: r.Name, Criteria: make([]jsonCriterion, len(r.Criteria))}
	j.Total = strconv.AppendQuote(nil, strconv.FormatInt(r.total(), 10))
	for i, c := range r.Criteria {
		j.Criteria[i] = jsonCriterion{Name: c.Name, Description: c.Description, Source: c.Source,
			Weight: strconv.AppendQuote(nil, strconv.FormatInt(c.Weight, 10))}
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes r strictly, with the decoder every reader at
// reckon's boundary uses, and validates it: unknown fields, trailing data,
// a key given twice or in two cases, a weight or total written as a JSON
// number or as anything but a decimal integer string, and every problem
// [Rubric.Validate] finds are errors. The error is an [ErrorList].
func (r *Rubric) UnmarshalJSON(data []byte) error {
	var j jsonRubric
	if err := strictjson.Decode(data, &j); err != nil {
		return badJSON(err, fault.InvalidRubric,
			`send {"total": "100", "criteria": [{"name": "...", "weight": "20", "description": "..."}]}`)
	}
	var errs ErrorList
	out := Rubric{Name: j.Name, Criteria: make([]Criterion, len(j.Criteria))}
	if len(j.Total) > 0 {
		// A declared total of "0" must not fall back to the default.
		if out.Total = integer(&errs, fault.InvalidTotal, "total", j.Total); out.Total == 0 && len(errs) == 0 {
			errs.add(0, fault.InvalidTotal, "omit the total for the default of 100, or declare the weights' sum",
				"total is 0")
		}
	}
	for i, c := range j.Criteria {
		out.Criteria[i] = Criterion{Name: c.Name, Description: c.Description, Source: c.Source,
			Weight: integer(&errs, fault.InvalidWeight, fmt.Sprintf("weight of criterion %q", c.Name), c.Weight)}
	}
	if len(errs) == 0 {
		if err := out.Validate(); err != nil {
			return err
		}
	}
	if len(errs) > 0 {
		return errs
	}
	*r = out
	return nil
}

// ParseRubric decodes and validates a rubric's JSON; see
// [Rubric.UnmarshalJSON].
func ParseRubric(data []byte) (Rubric, error) {
	var r Rubric
	if err := r.UnmarshalJSON(data); err != nil {
		return Rubric{}, err
	}
	return r, nil
}

// integer decodes a JSON string holding an optionally signed decimal
// integer. A sign is accepted so that "-5" is reported as a weight out of
// range rather than as not a number.
func integer(errs *ErrorList, code, what string, raw json.RawMessage) int64 {
	hint := `write it as a string of digits, such as "20"`
	if len(raw) == 0 {
		errs.add(0, code, hint, "%s is missing", what)
		return 0
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		errs.add(0, code, hint, "%s is %s, not a JSON string", what, raw)
		return 0
	}
	digits := strings.TrimPrefix(s, "-")
	ok := digits != "" && len(digits) <= 18
	for i := 0; ok && i < len(digits); i++ {
		ok = '0' <= digits[i] && digits[i] <= '9'
	}
	if !ok {
		errs.add(0, code, hint, "%s is %q, not a whole number", what, s)
		return 0
	}
	n, _ := strconv.ParseInt(s, 10, 64) // at most 18 digits cannot overflow
	return n
}
