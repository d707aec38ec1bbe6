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

const CHANGES = new MemoKey<VersionSchemaChange[]>("revision:schema-changes");

/** The changes of one kind in every version present on both sides (the diff runs once per CRD pair). */
export function schemaChanges(ctx: RevisionContext, kind: SchemaChangeKind): VersionSchemaChange[] {
  return ctx.memo.compute(CHANGES, () => diffCrdSchemas(ctx.old, ctx.crd)).filter((c) => c.kind === kind);
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
