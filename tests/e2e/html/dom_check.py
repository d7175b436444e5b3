#!/usr/bin/python3
# dom_check.py DOM WHAT...: what the page script drew, from the DOM Chromium dumped after it ran
# (the page script records it on each canvas, html_charts_js.hpp). Prints what it checked; exits
# 1 at the first thing wrong.
#   bounds N      every canvas draws exactly the bound lines the writer asked for
#                 (data-bound-lines == data-bounds), and at least N canvases draw one
#   ymin PREFIX   every canvas whose id starts with PREFIX has its y axes (y, y1) from 0
#   marked N      every canvas with a change (data-change) has its marker drawn at that run
#                 (data-marked), and N canvases have one
#   workload N    the same for a changed workload (data-workload-change, data-workload-marked)
#   offscale N    every canvas with a bound off the scale (data-off-scale > 0) ends its y axis
#                 below that bound's value (data-off-bound), and N canvases have one
#   ticks PREFIX:UNIT  every canvas whose id starts with PREFIX labels the top of its y axis,
#                 at least three ticks, each label a number and UNIT ("12 ms")
from html.parser import HTMLParser
import sys


class Canvases(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        if tag == "canvas":
            self.found.append(dict(attrs))


def fail(message):
    print("dom_check: FAIL: " + message)
    sys.exit(1)


parser = Canvases()
parser.feed(open(sys.argv[1], encoding="utf-8").read())
canvases = parser.found
args = sys.argv[2:]
while args:
    what, arg, args = args[0], args[1], args[2:]
    if what == "bounds":
        bounded = 0
        for c in canvases:
            asked, drawn = c.get("data-bounds", "0"), c.get("data-bound-lines")
            if drawn != asked:
                fail("%s: %s bound lines drawn, %s asked for" % (c.get("id"), drawn, asked))
            bounded += asked != "0"
        if bounded < int(arg):
            fail("%d charts draw a bound, expected at least %s" % (bounded, arg))
        print("dom_check: %d charts each draw their bound lines (one per bound)" % bounded)
    elif what == "ymin":
        some = [c for c in canvases if c.get("id", "").startswith(arg)]
        if not some:
            fail("no canvas with an id starting %s" % arg)
        for c in some:
            for axis in ("data-ymin", "data-y1min"):
                if axis in c and c[axis] != "0":
                    fail("%s: %s is %s, not 0" % (c["id"], axis, c[axis]))
            if "data-ymin" not in c:
                fail("%s: no y axis recorded" % c["id"])
        print("dom_check: %d %s* charts have their y axes from 0" % (len(some), arg))
    elif what == "marked":
        changed = [c for c in canvases if "data-change" in c]
        for c in changed:
            if c.get("data-marked") != c["data-change"]:
                fail("%s: change at run %s, marker drawn at %s" % (c["id"], c["data-change"],
                                                                   c.get("data-marked")))
        if len(changed) != int(arg):
            fail("%d charts mark a change, expected %s" % (len(changed), arg))
        print("dom_check: %d charts mark their change at its run" % len(changed))
    elif what == "workload":
        changed = [c for c in canvases if "data-workload-change" in c]
        for c in changed:
            if c.get("data-workload-marked") != c["data-workload-change"]:
                fail("%s: workload changed at run %s, marker drawn at %s"
                     % (c["id"], c["data-workload-change"], c.get("data-workload-marked")))
        if len(changed) != int(arg):
            fail("%d charts mark a workload change, expected %s" % (len(changed), arg))
        print("dom_check: %d charts mark the workload change at its run" % len(changed))
    elif what == "offscale":
        off = [c for c in canvases if c.get("data-off-scale", "0") != "0"]
        for c in off:
            if not float(c["data-ymax"]) < float(c["data-off-bound"]):
                fail("%s: the axis ends at %s, the bound off the scale is %s"
                     % (c["id"], c["data-ymax"], c["data-off-bound"]))
        if len(off) != int(arg):
            fail("%d charts have a bound off the scale, expected %s" % (len(off), arg))
        print("dom_check: %d charts keep their axis on the figures, the bound marked" % len(off))
    elif what == "ticks":
        prefix, unit = arg.split(":")
        some = [c for c in canvases if c.get("id", "").startswith(prefix)]
        if not some:
            fail("no canvas with an id starting %s" % prefix)
        for c in some:
            ticks = [t.split("=", 1) for t in c.get("data-yticks", "").split("|") if t]
            if len(ticks) < 3:
                fail("%s: %d labelled ticks (%s)" % (c["id"], len(ticks), c.get("data-yticks")))
            for value, label in ticks:
                number, _, named = label.rpartition(" ")
                if named != unit:
                    fail("%s: tick %s labelled %r, not in %s" % (c["id"], value, label, unit))
                float(number)
            top = float(c["data-ymax"])
            if not any(abs(float(v) - top) <= top * 1e-9 for v, _ in ticks):
                fail("%s: the top of the axis, %s, has no label (%s)" % (c["id"], top,
                                                                        c["data-yticks"]))
        print("dom_check: %d %s* charts label their axis to its top, in %s" % (len(some), prefix,
                                                                             unit))
    else:
        fail("unknown check " + what)
