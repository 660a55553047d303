package rules

import "slices"

// Verdict is the decision on one place where a rule's action is named:
// its stance, whether it is a finding, and the reasons, in the order the
// decision met them. Classify keeps the verdicts that are findings;
// Explain shows them all; both come from one function (decide), so they
// cannot disagree.
type Verdict struct {
	Rule       string
	Start, End int // in the unit's source, as a Finding's
	Stance     Stance
	Finding    bool
	Reasons    []string
	Segment    string // the text the decision read
	Message    string
}

// decide is the one decision on a hit: stance first, then the context
// the rule needs. With why unset (Classify) the reasons are not kept: the
// decision is the same, and costs no allocation.
func (v *view) decide(r *Rule, seg *segment, h hit, why bool) Verdict {
	vd := Verdict{Rule: r.ID, Start: v.source(h.start), End: v.sourceEnd(h.end), Segment: seg.text(), Message: r.Message}
	because := func(reason string) {
		if why {
			vd.Reasons = append(vd.Reasons, reason)
		}
	}
	if v.describesCode(r, seg, h) {
		vd.Stance = Mention
		because("a comment that says what the code beside it does (SPEC, Code)")
		return vd
	}
	if seg.doc {
		vd.Stance = Mention
		because("a docstring that says what its function does (SPEC, Code)")
		return vd
	}
	if v.demonstratesFailure(seg) {
		vd.Stance = Mention
		because("a command shown with the output it printed, which says it failed or only simulated the action: a demonstration")
		return vd
	}
	if v.captionsOtherMeans(r, seg) {
		vd.Stance = Mention
		because("a comment over a command that does not do it: it says what that command (the tool's own) achieves")
		return vd
	}
	st, reason := v.stanceWhy(seg, h)
	if st == Recommend && r == ProcessKill && v.introducesOwnKill(seg) {
		st, reason = Mention, "the sentence introduces the command under it, which ends a process the page started itself ($!)"
	}
	if st == Recommend && v.introducesOtherMeans(r, seg) {
		st, reason = Mention, "the sentence introduces the command under it, which does what it names by the tool's own means"
	}
	vd.Stance = st
	because(reason)
	if st != Recommend {
		return vd
	}
	if h.recovery && !v.inRuntimeRecovery(seg) {
		because("this form counts only as a runtime's recovery, and no runtime failure is named")
		return vd
	}
	if h.client && !h.server && !v.aboutClients(seg) {
		because("the file is a client's, and the text is not about agent clients")
		return vd
	}
	switch r.Needs {
	case Recovery:
		if !v.inRecovery(seg) {
			because("the rule needs a recovery context (a failure, a stale server, a fix), and none is named")
			return vd
		}
		because("in a recovery context")
	case Fallback:
		if !v.inFallback(seg, h) {
			because("the rule needs a fallback context (the tools failing or bypassed), and none is named")
			return vd
		}
		because("as a fallback for the tools")
	}
	vd.Finding = true
	return vd
}

// verdicts calls fn with the verdict on every place the rules' actions
// are named in the unit, in order, a caption's after its command's; why
// keeps the reasons.
func verdicts(u Unit, rules []*Rule, why bool, fn func(Verdict)) {
	if len(u.Text) == 0 || u.Offsets.Len() != len(u.Text)+1 {
		return
	}
	if len(u.Text) > MaxPiece {
		eachPiece(u, func(p Unit) { verdicts(p, rules, why, fn) })
		return
	}
	v := newView(&u)
	var cap *caption
	judge := func(seg *segment) {
		if seg.kind == segComment {
			cap = captionOf(seg)
		}
		for _, r := range rules {
			if !r.mayHit(seg) {
				continue
			}
			var reported []string // the action words this rule reported in the segment
			r.find(seg, func(h hit) {
				vd := v.decide(r, seg, h, why)
				word := v.f.s[h.start:h.end]
				if vd.Finding && slices.Contains(reported, word) {
					// "kill … || kill … || kill …" spread over lines: one
					// step and its fallbacks, reported at its first action
					vd.Finding = false
					if why {
						vd.Reasons = append(vd.Reasons, "the same action earlier in the segment stands for it")
					}
				}
				if vd.Finding {
					reported = append(reported, word)
				}
				fn(vd)
				// a caption such as "# Safe to remove if no git process is
				// active" names the action of the command under it
				if vd.Finding && seg.kind == segCommand && cap != nil && cap.rules[r.ID] && !cap.used[r.ID] {
					cap.used[r.ID] = true
					fn(Verdict{Rule: r.ID, Start: v.source(cap.verb.start), End: v.sourceEnd(cap.verb.end), Stance: Recommend, Finding: true,
						Reasons: []string{"a caption whose verb takes the command below it as its object, and that command is a finding"}, Message: r.Message})
				}
			})
		}
		seg.toks = nil // judged: a later segment reads only its text
	}
	if u.Kind != CodeBlock {
		// sentences are judged one at a time and dropped: a unit of
		// millions of words holds one sentence's tokens at once
		v.eachSentence(judge)
		return
	}
	// the lines of a code block are kept: a comment line reads the
	// commands under it (captionsOtherMeans)
	v.segs = v.segments()
	for _, seg := range v.segs {
		judge(seg)
	}
}
