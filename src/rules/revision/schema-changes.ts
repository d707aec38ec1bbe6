/**
 * What the schema-level revision rules (B21–B43) share: the per-version schema diff of the CRD pair, computed
 * once per pair (NEW's memo), where a change is reported, and the words a message uses for versions, fields and
 * ratcheting.
 */
import { MemoKey } from "../../crd/memo.js";
import { diffCrdSchemas, showValue, type SchemaChangeKind, type VersionSchemaChange } from "../../crd/schema-diff.js";
import { EMBEDDED_RESOURCE } from "../../crd/structural.js";
import type { DualPath } from "../../k8s/path.js";
import type { CompileResult } from "../../cel/compile.js";
import type { Effect, RevisionContext, RevisionReport } from "../define-rule.js";
import { isObject, type CrdView } from "../../crd/model.js";

const CHANGES = new MemoKey<VersionSchemaChange[]>("revision:schema-changes");

/** The changes of one kind in every version present on both sides (the diff runs once per CRD pair). */
export function schemaChanges(ctx: RevisionContext, kind: SchemaChangeKind): VersionSchemaChange[] {
  return ctx.memo.compute(CHANGES, () => diffCrdSchemas(ctx.old, ctx.crd)).filter((c) => c.kind === kind);
}

/**
 * The field lies under `status` in versions that all have the status subresource: then only /status writes carry
 * it (a create drops status and a main-resource update keeps the stored one: the CR strategy's PrepareForCreate /
 * PrepareForUpdate), and the controller that owns status writes it.
 */
export function underStatusSubresource(crd: CrdView, field: string, versions: readonly string[]): boolean {
  if (field !== "status" && !field.startsWith("status.") && !field.startsWith("status[")) return false;
  return versions.every((name) => {
    const v = crd.versions.find((x) => x.name === name);
    return v !== undefined && isObject(v.raw.subresources) && v.raw.subresources.status !== undefined && v.raw.subresources.status !== null;
  });
}

/** `spec.mode`, or "the object root". */
export function fieldName(c: { field: string }): string {
  return c.field === "" ? "the object root" : c.field;
}

/** `spec.mode (v1)` / `spec.mode (v1, v2)`. */
export function where(c: VersionSchemaChange): string {
  return `${fieldName(c)} (${c.versions.join(", ")})`;
}

/** A value for a message: strings quoted with backticks, the rest as JSON. */
export function shown(v: unknown): string {
  return typeof v === "string" ? `\`${v}\`` : v === undefined ? "unset" : showValue(v);
}

/** Longest value a revision message shows whole; a longer one is shown by the part that changed. */
const SHOWN_WHOLE = 60;
/** Characters of unchanged text shown on each side of the part that changed. */
const CONTEXT = 16;
/** Longest changed part shown; a longer one keeps its start and end. */
const SHOWN_SEGMENT = 60;

const asText = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "unset" : showValue(v));

function clipSegment(seg: string): string {
  return seg.length <= SHOWN_SEGMENT ? seg : `${seg.slice(0, SHOWN_SEGMENT - 24)}…${seg.slice(-20)}`;
}

/**
 * One value for a message: whole when short; a long one (a rule, a description, a schema) is shown by its start
 * with its length, and `detail` holds it whole, so that the message's 300-character limit never cuts what follows.
 */
export function shownOne(v: unknown): { text: string; detail?: string } {
  const t = asText(v);
  if (t.length <= SHOWN_WHOLE * 2) return { text: shown(v) };
  return { text: `\`${t.slice(0, SHOWN_WHOLE)}…\` (${t.length} characters)`, detail: `value: ${t}` };
}

/**
 * `before` to `after` for a message. Short values are shown whole; of long ones (a pattern, a CEL rule, a
 * description) only the part that differs, with a little unchanged context on each side (`…size() < 100 && s…` to
 * `…size() < 200 && s…`), so the changed part is never what a cut message loses; `detail` holds both whole.
 */
export function shownChange(before: unknown, after: unknown): { text: string; detail?: string } {
  const b = asText(before);
  const a = asText(after);
  if (before === undefined || after === undefined || (b.length <= SHOWN_WHOLE && a.length <= SHOWN_WHOLE)) return { text: `${shown(before)} to ${shown(after)}` };
  let p = 0;
  while (p < b.length && p < a.length && b[p] === a[p]) p++;
  let q = 0;
  while (q < b.length - p && q < a.length - p && b[b.length - 1 - q] === a[a.length - 1 - q]) q++;
  const part = (t: string): string => {
    const start = Math.max(0, p - CONTEXT);
    const end = Math.min(t.length, t.length - q + CONTEXT);
    return `\`${start > 0 ? "…" : ""}${t.slice(start, p)}${clipSegment(t.slice(p, t.length - q))}${t.slice(t.length - q, end)}${end < t.length ? "…" : ""}\``;
  };
  return { text: `${part(b)} to ${part(a)} (from character ${p + 1})`, detail: `before: ${b}\nafter: ${a}` };
}

/** Joins detail texts, skipping absent ones. */
export function joinDetail(...parts: (string | undefined)[]): { detail?: string } {
  const d = parts.filter((x): x is string => !!x).join("\n");
  return d ? { detail: d } : {};
}

export function shownList(values: readonly unknown[]): string {
  return values.map(shown).join(", ");
}

/** The keyword in NEW when NEW has it, else NEW's node (a keyword that was removed). */
export function newKeywordPath(c: VersionSchemaChange, keyword = c.keyword): DualPath {
  const node = c.newNode;
  if (keyword && node && node[keyword] !== undefined && node[keyword] !== null) return c.newPath!.child(keyword);
  return c.newPath!;
}

/**
 * CR validation ratcheting (A32): on update, the errors of a node whose value is unchanged (DeepEqual to the old
 * object's correlated value) become warnings. A keyword on a field therefore only fails updates that change the
 * field. The docs list `required` and allOf/anyOf/oneOf/not among what is not ratcheted; the code
 * (ratchetingValueValidator.Validate) ratchets their errors too, but at the node that holds the keyword, so any
 * change inside that object fails (see `ownerFailText`). Built-in ObjectMeta validation (B44) is not ratcheted, but
 * no schema change alters it; the schema's own metadata.name constraints ratchet like any field.
 */
export function ratchets(_c: VersionSchemaChange): boolean {
  return true;
}

/** How an objects-fail verdict reads, by whether ratcheting softens it. */
export function failText(ratcheted: boolean): string {
  return ratcheted
    ? "objects that break it fail their next create and any update that changes it (unchanged values pass: ratcheting)"
    : "objects that break it fail their next create and every update, changed or not (not ratcheted)";
}

/** The verdict for keywords whose error belongs to the object that holds them (required, quantors). */
export function ownerFailText(owner: string): string {
  return `objects that break it fail their next create and any update that changes anything in ${owner} (ratcheting spares only updates that leave ${owner} unchanged)`;
}

/**
 * The version a finding names in its `version` field, which the lenient policy for unstable versions matches: a
 * change in a schema several versions share concerns the stable ones too, so a stable one is named when there is one.
 */
function reportedVersion(versions: readonly string[]): string {
  return versions.find((v) => !/alpha|beta/.test(v)) ?? versions[0] ?? "";
}

/**
 * The report fields every schema change shares: position (NEW's keyword, or OLD's node for what is gone), version,
 * effect and ratcheting; `report` names the message and may override the rest.
 */
export function changeReport(c: VersionSchemaChange, effect: Effect, report: { messageId: string; data?: Record<string, unknown> } & Partial<RevisionReport>): RevisionReport {
  const inOld = c.newPath === null;
  const { data, ...rest } = report;
  return {
    path: inOld ? c.oldPath! : newKeywordPath(c),
    ...(inOld ? { inOld: true } : {}),
    effect,
    version: reportedVersion(c.versions),
    ...(effect === "objects-fail" ? { ratcheted: ratchets(c) } : {}),
    ...rest,
    data: { field: fieldName(c), versions: c.versions.join(", "), ...data },
  };
}

/** NEW's node is a resource root for CEL (`self` has apiVersion/kind/metadata): the schema root or an embedded resource. */
export function isCelResourceRoot(c: { newChain: readonly Record<string, unknown>[]; newNode: Record<string, unknown> | null }): boolean {
  return c.newChain.length === 1 || c.newNode?.[EMBEDDED_RESOURCE] === true;
}

/** Compiles one of NEW's expressions at the change's node against NEW's schema, in the target release's new-expressions environment. */
export function compileAtNew(ctx: RevisionContext, c: VersionSchemaChange, expression: string, kind: "rule" | "messageExpression", optionalOldSelf = false): CompileResult | null {
  const compiler = ctx.services.cel;
  if (!compiler || !c.newNode) return null;
  try {
    return compiler.compileRule({ schema: c.newNode, isResourceRoot: isCelResourceRoot(c), expression, kind, optionalOldSelf });
  } catch {
    return null;
  }
}

/**
 * A14: an existing rule above a removed or renamed field that no longer compiles against NEW's schema because of
 * it (undefined field). The apiserver rejects the update for it (the CEL compile rules report that verdict at the
 * rule); the message of the change names it, so that the cause and the rejection read together.
 */
export function celReferenceBreaks(ctx: RevisionContext, c: VersionSchemaChange): string {
  const name = c.field.slice(c.field.lastIndexOf(".") + 1);
  if (!ctx.services.cel || name === "" || name.endsWith("]")) return "";
  const broken: string[] = [];
  c.newChain.forEach((node, i) => {
    const list = node["x-kubernetes-validations"];
    if (!Array.isArray(list)) return;
    for (const e of list) {
      if (!e || typeof e !== "object" || typeof (e as { rule?: unknown }).rule !== "string") continue;
      const rule = (e as { rule: string }).rule;
      if (!rule.includes(name)) continue;
      let result: CompileResult | null = null;
      try {
        result = ctx.services.cel!.compileRule({ schema: node, isResourceRoot: i === 0 || node[EMBEDDED_RESOURCE] === true, expression: rule, kind: "rule" });
      } catch {
        result = null;
      }
      if (result && !result.ok && result.errors.some((x) => x.message.includes(`undefined field '${name}'`))) broken.push(rule);
    }
  });
  if (broken.length === 0) return "";
  return `; the apiserver rejects the update: the existing CEL rule ${broken.map((r) => `\`${r}\``).join(", ")} uses it and no longer compiles (A14)`;
}
