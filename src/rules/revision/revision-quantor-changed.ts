/** allOf / anyOf / oneOf / not added or changed (B39): matched by content; ratcheted only at the object that holds it. */
import { changeReport, fieldName, ownerFailText, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";
import { isObject, type JsonObject } from "../../crd/model.js";

/** A subschema that only requires fields (`{required: [a], properties: {a: {}}}`, the generators' one-of idiom): its required names. */
function requiredOnly(branch: unknown): string[] | null {
  if (!isObject(branch) || (branch.required !== undefined && !Array.isArray(branch.required))) return null;
  if (Object.keys(branch).some((k) => k !== "required" && k !== "properties")) return null;
  if (
    branch.properties !== undefined &&
    (!isObject(branch.properties) ||
      Object.values(branch.properties).some((v) => !isObject(v) || Object.keys(v).length > 0))
  )
    return null;
  const required = Array.isArray(branch.required) ? branch.required : [];
  return required.every((r) => typeof r === "string") ? (required as string[]) : null;
}

const names = (node: JsonObject, key: string): Set<string> =>
  new Set(
    key === "required"
      ? Array.isArray(node.required)
        ? node.required.map(String)
        : []
      : isObject(node[key])
        ? Object.keys(node[key] as JsonObject)
        : [],
  );

/**
 * Why every object valid under OLD still passes a oneOf/anyOf that NEW adds or extends, when that can be proved from
 * required-only subschemas: a subschema OLD's `required` already satisfies holds for every stored object, and one that
 * requires a field new in NEW matches none (OLD pruned unknown fields, so no stored object has it). Null otherwise.
 */
function stillPasses(
  keyword: string,
  oldNode: JsonObject | null,
  newNode: JsonObject | null,
  oldPrunes: boolean,
): string | null {
  if (
    (keyword !== "oneOf" && keyword !== "anyOf") ||
    !oldNode ||
    !newNode ||
    !oldPrunes ||
    oldNode["x-kubernetes-preserve-unknown-fields"] === true
  )
    return null;
  const before = Array.isArray(oldNode[keyword]) ? (oldNode[keyword] as unknown[]) : [];
  const after = Array.isArray(newNode[keyword]) ? (newNode[keyword] as unknown[]) : [];
  const oldRequired = names(oldNode, "required");
  const oldFields = names(oldNode, "properties");
  const branches = after.map(requiredOnly);
  if (branches.some((b) => b === null)) return null;
  const unmatchable = (b: string[]) => b.some((f) => !oldFields.has(f));
  const holds = (b: string[]) => b.every((f) => oldRequired.has(f));
  if (before.length > 0) {
    const key = (b: string[]) => JSON.stringify([...b].sort());
    const beforeKeys = before.map(requiredOnly);
    if (
      beforeKeys.every((b) => b !== null) &&
      JSON.stringify(beforeKeys.map((b) => key(b!)).sort()) === JSON.stringify((branches as string[][]).map(key).sort())
    )
      return "its subschemas require the same fields as before (they differ only in empty property schemas, which match anything)";
    // Subschemas only added: anyOf gains alternatives; oneOf stays one-of-one if no stored object can match an added one.
    const added = after
      .filter((x) => !before.some((y) => JSON.stringify(y) === JSON.stringify(x)))
      .map(requiredOnly) as string[][];
    if (added.length + before.length !== after.length) return null;
    if (keyword === "anyOf") return "subschemas were only added, and anyOf accepts what it accepted before";
    return added.every(unmatchable)
      ? `each added subschema requires a field that is new here (${added.map((b) => b.find((f) => !oldFields.has(f))).join(", ")}), which no stored object has`
      : null;
  }
  const always = (branches as string[][]).filter(holds);
  if (always.length === 0) return null;
  const others = (branches as string[][]).filter((b) => !holds(b));
  if (keyword === "oneOf" && (always.length > 1 || !others.every(unmatchable))) return null;
  const held = always[0]!.join(", ");
  return keyword === "anyOf"
    ? `the subschema requiring ${held} holds for every object valid before (OLD required it)`
    : `the subschema requiring ${held} holds for every object valid before (OLD required it), and the others require fields new here, which no stored object has`;
}

export default defineRevisionRule({
  id: "revision-quantor-changed",
  severity: "error",
  description:
    "An allOf, anyOf, oneOf or not value validation was added or changed (B39; subschemas matched by content, so a " +
    "reordering is no change).",
  messages: {
    changed: "{{keyword}} of {{field}} ({{versions}}) changed ({{detail}}): {{fail}}",
    loosened:
      "{{keyword}} of {{field}} ({{versions}}) lost {{removed}} subschema(s): validation is looser, no stored object " +
      "fails",
    stillPasses: "{{keyword}} of {{field}} ({{versions}}) changed ({{detail}}), and no stored object fails: {{why}}",
  },
  docs: {
    why:
      "Stored objects that break the new combination fail their next create, and any update that changes anything in " +
      "the object that holds the quantor: the docs say quantors are not ratcheted, and the apiserver's code ratchets " +
      "their errors only at that object as a whole. crdlint matches subschemas by content, so reordering them is no " +
      "change (crdify compares them by index and reports reorderings). Removing allOf subschemas or a not only " +
      "loosens. A oneOf or anyOf of required-only subschemas is provably harmless when one of them was already " +
      "required and the others require fields new in NEW (which pruning kept out of every stored object), or when " +
      "anyOf only gains subschemas: that is information.",
    fix: "Express the new constraint as a CEL rule (ratcheted on unchanged values), or add it in a new version.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go (ratchetingValueValidator.Validate)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {a: {type: string}, b: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, oneOf: [{required: [a]}, {required: [b]}], properties: {a: {type: string}, b: {type: string}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, oneOf: [{required: [a]}, {required: [b]}], properties: {a: {type: string}, b: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, oneOf: [{required: [b]}, {required: [a]}], properties: {a: {type: string}, b: {type: string}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "quantor-changed")) {
      const q = c.quantor!;
      if ((c.keyword === "allOf" || c.keyword === "not") && q.added === 0) {
        ctx.report(
          changeReport(c, "behaviour-changed", {
            messageId: "loosened",
            data: { keyword: c.keyword, removed: q.removed },
          }),
        );
        continue;
      }
      const parts = [q.added ? `${q.added} subschema(s) added` : "", q.removed ? `${q.removed} removed` : ""].filter(
        Boolean,
      );
      const detail =
        c.keyword === "not"
          ? q.removed && q.added
            ? "its subschema changed"
            : q.added
              ? "added"
              : "removed"
          : parts.join(", ");
      // Strimzi 0.42 turned `required: [certificate]` into oneOf certificate | pattern (a new field): nothing stored breaks.
      const why = stillPasses(c.keyword!, c.oldNode, c.newNode, ctx.old.spec.preserveUnknownFields !== true);
      if (why) {
        ctx.report(
          changeReport(c, "behaviour-changed", { messageId: "stillPasses", data: { keyword: c.keyword, detail, why } }),
        );
        continue;
      }
      ctx.report(
        changeReport(c, "objects-fail", {
          messageId: "changed",
          data: { keyword: c.keyword, detail, fail: ownerFailText(fieldName(c)) },
          ratcheted: false,
        }),
      );
    }
  },
});
