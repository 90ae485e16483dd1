package receipt

import "strconv"

// AppendJSON appends rep's JSON form to b and returns the extended slice:
// the bytes encoding/json writes for rep with HTML escaping off, without
// reflection, so that a batch of verifications writes each report straight
// into its output buffer. TestReportJSONMatches and FuzzReportJSON hold it
// to encoding/json, which remains the definition.
func (rep *Report) AppendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = appendString(b, rep.ID)
	b = append(b, `,"ok":`...)
	b = strconv.AppendBool(b, rep.OK)
	b = append(b, `,"signed":`...)
	b = strconv.AppendBool(b, rep.Signed)
	b = append(b, `,"signed_by":`...)
	b = appendList(b, rep.SignedBy, appendString)
	if rep.Result != nil {
		b = append(b, `,"result":`...)
		b = appendResult(b, rep.Result)
	}
	if rep.Expanded != "" {
		b = append(b, `,"expanded":`...)
		b = appendString(b, rep.Expanded)
	}
	b = append(b, `,"reasons":`...)
	b = appendList(b, rep.Reasons, appendReason)
	if rep.Grounding != "" {
		b = append(b, `,"grounding":`...)
		b = appendString(b, rep.Grounding)
	}
	return append(b, '}')
}

func appendReason(b []byte, r Reason) []byte {
	b = append(b, `{"code":`...)
	b = appendString(b, r.Code)
	b = append(b, `,"message":`...)
	b = appendString(b, r.Message)
	for _, f := range [...]struct{ key, v string }{
		{`,"field":`, r.Field}, {`,"recorded":`, r.Recorded}, {`,"recomputed":`, r.Recomputed}, {`,"hint":`, r.Hint},
	} {
		if f.v != "" { // every one of them is omitempty
			b = append(b, f.key...)
			b = appendString(b, f.v)
		}
	}
	return append(b, '}')
}
