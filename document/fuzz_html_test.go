package document

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// FuzzReadHTML reads arbitrary bytes as HTML and checks what every
// rendering must satisfy (htmlCheck): no panic; every block, row and
// cell is whole and in order, and its Span is inside the source and
// ordered; every byte copied from the source is the source's byte.
func FuzzReadHTML(f *testing.F) {
	addSeedFiles(f, "testdata/html/*.htm")
	for _, s := range []string{
		"",
		"&",
		"<p>a&nbsp;b &minus;27 &#36;5 &ampx &#x110000;</p>",
		"<table><tr><td rowspan=0 colspan=1001>a<td>b<tr>c<table><td>d</table>e</table>",
		"<table><caption>c</caption><tr><td>a<caption>d<td>e",
		"<td>a</td><tr><th>b",
		"<pre>\n a\r\n b\rc\f</pre>",
		"<p style=display:none>a<p>b<div hidden><table><tr><td>c</div>d",
		"<head>a<title>b</title><body>c</head>d",
		"<xmp>&amp;</xmp><plaintext>&amp;<p>",
		"<s><div>a</s>b</div><del><p>c</del>d",
		"\x00<p>\xff\xfe a\x00b</p>",
		"<script/>x</script>y<br/><br></br></p>",
		"<ul><li>a<li>b<ul><li>c</ul><dl><dt>d<dd>e</dl>",
		"<table><td>\v<td>a\u2003\u00a0b&#8195;</table>\u3000c\xe2\x80", // Unicode white space trims like HTML's (a crasher once)
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		htmlCheck(t, src, readHTML(src))
	})
}

// htmlUnescapeByRefs decodes s one character reference at a time with
// htmlCharRef, as readHTML does.
func htmlUnescapeByRefs(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '&' {
			if dec, n := htmlCharRef(s[i:]); n > 0 {
				b.WriteString(dec)
				i += n
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// FuzzHTMLCharRef holds readHTML's reading of character references, one
// at a time with its own extent, to html.UnescapeString on the whole
// text.
func FuzzHTMLCharRef(f *testing.F) {
	for _, s := range []string{
		"&amp;", "&ampx", "&amp", "&notit;", "&not;", "&fjlig;", "&semi;", "&NotEqualTilde;", "&CounterClockwiseContourIntegral;",
		"&#65", "&#65A", "&#x41;", "&#x30", "&#97a", "&#;", "&#x;", "&#0;", "&#128;", "&#x110000;", "&#99999999999999;",
		"&zzz;", "&", "&&amp;", "a&b", "&lt&gt", "&copy2024", "&#36;5", "&minus;27", "&nbsp;&nbsp;", "&AMP;", "&Amp;",
		"&" + strings.Repeat("a", 50) + ";", "&amp" + strings.Repeat("b", 50), "&#" + strings.Repeat("1", 50),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		require.Equal(t, html.UnescapeString(s), htmlUnescapeByRefs(s), "decoding %q", s)
	})
}
