package scoring

import (
	"strings"
)

// Prompt renders the instructions that ask a model to rate r's criteria:
// each criterion's name and what it means, the verdict words and what each
// means, the block format with the source names, the source each criterion
// must cite when the rubric names one, and the NEEDS INPUT rule.
//
// The prompt holds no weight, no total and no fraction: the model cannot
// lean a verdict toward a number it never sees, and the format it is given
// has no place to write one. For a valid rubric (whose names and
// descriptions hold no digits) and source names without digits, the
// prompt holds no digit at all.
func Prompt(r Rubric, sourceNames []string) string {
	var b strings.Builder
	b.WriteString("Rate the evidence in the sources against each criterion below. " +
		"Give each criterion one verdict word and quote the exact words of the sources that support it. " +
		"Do not score: code computes every number from your verdicts.\n\n")

	b.WriteString("# Criteria\n\n")
	for _, c := range r.Criteria {
		b.WriteString("- " + c.Name + ": " + strings.TrimSpace(c.Description) + "\n")
	}

	b.WriteString("\n# Verdicts\n\n")
	for _, v := range Verdicts {
		b.WriteString("- " + v.String() + ": " + v.Meaning() + "\n")
	}

	b.WriteString("\n# Sources\n\n")
	for _, s := range sourceNames {
		b.WriteString("- " + s + "\n")
	}

	b.WriteString("\n# Format\n\nWrite one block per criterion, in the order above, and nothing else:\n\n")
	b.WriteString("## <criterion name>\n- Verdict: <one verdict word>\n")
	for _, s := range sourceNames {
		b.WriteString("- Citation (" + s + "): \"<exact words from " + s + ">\"\n")
	}
	b.WriteString("\n")
	b.WriteString("# Rules\n\n" +
		"- Write a block for every criterion, once, headed with its name exactly as listed.\n" +
		"- The verdict line holds one verdict word and nothing else.\n" +
		"- Copy each quote character for character from the source named in its parentheses, " +
		"on one line, in double quotation marks, with nothing after the closing mark. " +
		"Never paraphrase, shorten or join passages: every quote is checked against its source, " +
		"and a quote that is not found counts against its verdict.\n" +
		"- Any verdict but " + None.String() + " needs at least one citation. " +
		"Cite as many passages as the verdict rests on, from any of the sources.\n")
	for _, c := range r.Criteria {
		if c.Source != "" {
			b.WriteString("- Any verdict but " + None.String() + " on " + c.Name + " must quote " + c.Source +
				": that criterion is judged on it.\n")
		}
	}
	b.WriteString("- Give each criterion a passage of its own. A fact may bear on two criteria, but a criterion whose only evidence is a passage another criterion cites counts for nothing.\n" +
		"- Write no score, points, weight, total, percentage or other number outside a quote; " +
		"a block that does is rejected.\n" +
		"- If the sources do not hold a fact you need, do not guess: write [NEEDS INPUT: your question] " +
		"in place of the verdict word or of a quote. That criterion waits for the answer. " +
		"The question is one short sentence. It holds no number, score, weight, total, percentage, " +
		"verdict word or number written in words, except inside a quotation of the sources in double quotation marks.\n")
	return b.String()
}
