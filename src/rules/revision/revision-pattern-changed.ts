/** pattern added or changed (B30); removing a pattern loosens and is not reported. */
import { changeReport, failText, ratchets, schemaChanges, shownChange, shownOne } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";
import { patternWidens } from "./pattern-widening.js";

export default defineRevisionRule({
  id: "revision-pattern-changed",
  severity: "error",
  description: "A pattern was added to a field or changed (B30).",
  messages: {
    set: "pattern of {{field}} ({{versions}}) set to {{after}}: {{fail}}",
    changed:
      "pattern of {{field}} ({{versions}}) changed from {{change}}: values the old pattern accepted may not match " +
      "the new one (crdlint could not prove that it accepts them all); {{fail}}",
    widened:
      "pattern of {{field}} ({{versions}}) widened from {{change}}: it accepts every value the old one accepted, so " +
      "no object fails",
  },
  docs: {
    why:
      "Stored strings that do not match the new pattern fail their next create and any update that changes them; " +
      "ratcheting lets an unchanged value pass an update. A change is a widening when the new pattern accepts every " +
      "string the old one accepted: crdlint proves that structurally for the common shapes (a character class that " +
      "gained characters, an alternation that gained branches, repetition bounds widened, an optional part added, an " +
      "anchor dropped) and reports it as information; when it cannot prove it, it says that values may fail. " +
      "Removing a pattern loosens and is not reported.",
    fix:
      "Make sure the new pattern accepts every value stored objects hold (test it against exported objects with " +
      "--objects), or check it on new values only with a CEL transition rule.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, pattern: '^[a-z]+$'}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, pattern: '^[a-z]+$'}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "pattern-changed")) {
      const before = typeof c.before === "string" ? c.before : "";
      const after = String(c.after);
      if (before === "") {
        const shownAfter = shownOne(after);
        ctx.report(
          changeReport(c, "objects-fail", {
            messageId: "set",
            data: { after: shownAfter.text, fail: failText(ratchets(c)) },
            ...(shownAfter.detail ? { detail: shownAfter.detail } : {}),
          }),
        );
        continue;
      }
      const change = shownChange(before, after);
      const extra = change.detail ? { detail: change.detail } : {};
      if (patternWidens(before, after))
        ctx.report(changeReport(c, "none", { messageId: "widened", data: { change: change.text }, ...extra }));
      else
        ctx.report(
          changeReport(c, "objects-fail", {
            messageId: "changed",
            data: { change: change.text, fail: failText(ratchets(c)) },
            ...extra,
          }),
        );
    }
  },
});
