/**
 * What the schema-level revision rules (B21–B43) share: the per-version schema diff of the CRD pair, computed
 * once per pair (NEW's memo), where a change is reported, and the words a message uses for versions, fields and
 * ratcheting.
 */
import { MemoKey } from "../../crd/memo.js";
import { diffCrdSchemas, showValue, type SchemaChangeKind, type VersionSchemaChange } from "../../crd/schema-diff.js";
import { EMBEDDED_RESOURCE } from "../../crd/structural.js";
import type { DualPath } from "../../k8s/path.js";
import type { CompileResult } from "../../cel/index.js";
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
    return (
      v !== undefined &&
      isObject(v.raw.subresources) &&
      v.raw.subresources.status !== undefined &&
      v.raw.subresources.status !== null
    );
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
const CONTEXT = 12;
/** Longest changed part shown; a longer one keeps its start and end. */
const SHOWN_SEGMENT = 40;

const asText = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "unset" : showValue(v));

function clipSegment(seg: string): string {
  return seg.length <= SHOWN_SEGMENT ? seg : `${seg.slice(0, SHOWN_SEGMENT - 16)}…${seg.slice(-15)}`;
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

/** A changed stretch: [start, end) in OLD's text and in NEW's. */
interface Hunk {
  b: [number, number];
  a: [number, number];
}

/** Most changed stretches a message shows; the rest are counted (detail has both texts). */
const SHOWN_HUNKS = 2;
/** Largest token grid the diff compares (a longer pair is shown as one stretch, from the first to the last change). */
const MAX_DIFF_CELLS = 4_000_000;

/**
 * The changed stretches of two texts, by a longest common subsequence of their tokens (words, spaces, single
 * punctuation), so that an inserted `has(x) && ` reads as that insertion rather than as everything after it.
 * Stretches closer than a context apart are one.
 */
function changedHunks(b: string, a: string): Hunk[] {
  const tb = b.match(/\s+|\w+|[^\w\s]/g) ?? [];
  const ta = a.match(/\s+|\w+|[^\w\s]/g) ?? [];
  const offsets = (t: string[]): number[] => {
    const out = [0];
    for (const x of t) out.push(out[out.length - 1]! + x.length);
    return out;
  };
  const ob = offsets(tb);
  const oa = offsets(ta);
  let p = 0;
  while (p < tb.length && p < ta.length && tb[p] === ta[p]) p++;
  let q = 0;
  while (q < tb.length - p && q < ta.length - p && tb[tb.length - 1 - q] === ta[ta.length - 1 - q]) q++;
  const n = tb.length - p - q;
  const m = ta.length - p - q;
  const whole: Hunk = { b: [ob[p]!, ob[tb.length - q]!], a: [oa[p]!, oa[ta.length - q]!] };
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > MAX_DIFF_CELLS) return [whole];
  // lcs[i][j]: the longest common subsequence of tb[p+i..] and ta[p+j..] (suffixes), row-major.
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * w + j] =
        tb[p + i] === ta[p + j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: { i: number; j: number } | null = null;
  const close = (ci: number, cj: number): void => {
    if (open) hunks.push({ b: [ob[p + open.i]!, ob[p + ci]!], a: [oa[p + open.j]!, oa[p + cj]!] });
    open = null;
  };
  while (i < n || j < m) {
    if (i < n && j < m && tb[p + i] === ta[p + j]) {
      close(i, j);
      i++;
      j++;
    } else {
      open ??= { i, j };
      if (j < m && (i === n || lcs[i * w + j + 1]! >= lcs[(i + 1) * w + j]!)) j++;
      else i++;
    }
  }
  close(i, j);
  // Stretches a short unchanged run apart read better as one.
  const merged: Hunk[] = [];
  for (const h of hunks) {
    const last = merged[merged.length - 1];
    if (last && h.b[0] - last.b[1] < CONTEXT)
      merged[merged.length - 1] = { b: [last.b[0], h.b[1]], a: [last.a[0], h.a[1]] };
    else merged.push(h);
  }
  return merged.length > 0 ? merged : [whole];
}

/**
 * `before` to `after` for a message. Short values are shown whole; of long ones (a pattern, a CEL rule, a
 * description) only the stretches that differ, each with a little unchanged context (`…size() < 100 && s…` to
 * `…size() < 200 && s…`), so the changed part is never what a cut message loses; `detail` holds both whole.
 */
export function shownChange(before: unknown, after: unknown): { text: string; detail?: string } {
  const b = asText(before);
  const a = asText(after);
  if (before === undefined || after === undefined || (b.length <= SHOWN_WHOLE && a.length <= SHOWN_WHOLE))
    return { text: `${shown(before)} to ${shown(after)}` };
  const hunks = changedHunks(b, a);
  const part = (t: string, [from, to]: [number, number]): string => {
    const start = Math.max(0, from - CONTEXT);
    const end = Math.min(t.length, to + CONTEXT);
    return `\`${start > 0 ? "…" : ""}${t.slice(start, from)}${clipSegment(t.slice(from, to))}${t.slice(to, end)}${end < t.length ? "…" : ""}\``;
  };
  const shownHunks = hunks.slice(0, SHOWN_HUNKS).map((h) => `${part(b, h.b)} to ${part(a, h.a)}`);
  const more =
    hunks.length > SHOWN_HUNKS
      ? `, and ${hunks.length - SHOWN_HUNKS} more change${hunks.length - SHOWN_HUNKS === 1 ? "" : "s"}`
      : "";
  return {
    text: `${shownHunks.join(", and ")}${more} (at character ${hunks[0]!.b[0] + 1})`,
    detail: `before: ${b}\nafter: ${a}`,
  };
}

/** Joins detail texts, skipping absent ones. */
export function joinDetail(...parts: (string | undefined)[]): { detail?: string } {
  const d = parts.filter((x): x is string => !!x).join("\n");
  return d ? { detail: d } : {};
}

export function shownList(values: readonly unknown[]): string {
  return values.map(shown).join(", ");
}

/** Longest list of values a message shows; the rest are counted, and `detail` lists them all. */
const SHOWN_LIST = 120;

/** Values for a message (enum values added or removed): as many as fit, then how many more; detail has them all. */
export function shownValues(values: readonly unknown[]): { text: string; detail?: string } {
  const whole = shownList(values);
  if (whole.length <= SHOWN_LIST) return { text: whole };
  const shownOnes: string[] = [];
  let length = 0;
  for (const v of values) {
    const t = shown(v);
    if (shownOnes.length > 0 && length + t.length > SHOWN_LIST) break;
    shownOnes.push(t);
    length += t.length + 2;
  }
  return { text: `${shownOnes.join(", ")} and ${values.length - shownOnes.length} more`, detail: `values: ${whole}` };
}

/**
 * The report of a change of enum values (`c.values`, added or removed): the message's `data` with {{values}} as
 * `shownValues` shows them ({{noun}}: value or values), and all of them as the detail when not all are shown.
 */
export function enumValuesReport<M extends string>(
  c: VersionSchemaChange,
  effect: Effect,
  report: { messageId: M; data?: Record<string, unknown> },
): RevisionReport<M> {
  const values = shownValues(c.values!);
  const noun = c.values!.length === 1 ? "value" : "values";
  const data = { noun, values: values.text, ...report.data };
  return changeReport(c, effect, {
    messageId: report.messageId,
    data,
    ...(values.detail ? { detail: values.detail } : {}),
  });
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
export function changeReport<M extends string>(
  c: VersionSchemaChange,
  effect: Effect,
  report: { messageId: M; data?: Record<string, unknown> } & Partial<RevisionReport<M>>,
): RevisionReport<M> {
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
export function isCelResourceRoot(c: {
  newChain: readonly Record<string, unknown>[];
  newNode: Record<string, unknown> | null;
}): boolean {
  return c.newChain.length === 1 || c.newNode?.[EMBEDDED_RESOURCE] === true;
}

/** Compiles one of NEW's expressions at the change's node against NEW's schema, in the target release's new-expressions environment. */
export function compileAtNew(
  ctx: RevisionContext,
  c: VersionSchemaChange,
  expression: string,
  kind: "rule" | "messageExpression",
  optionalOldSelf = false,
): CompileResult | null {
  const compiler = ctx.services.cel;
  if (!compiler || !c.newNode) return null;
  try {
    return compiler.compileRule({
      schema: c.newNode,
      isResourceRoot: isCelResourceRoot(c),
      expression,
      kind,
      optionalOldSelf,
    });
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
      let result: CompileResult | null;
      try {
        result = ctx.services.cel!.compileRule({
          schema: node,
          isResourceRoot: i === 0 || node[EMBEDDED_RESOURCE] === true,
          expression: rule,
          kind: "rule",
        });
      } catch {
        result = null;
      }
      if (result && !result.ok && result.errors.some((x) => x.message.includes(`undefined field '${name}'`)))
        broken.push(rule);
    }
  });
  if (broken.length === 0) return "";
  return `; the apiserver rejects the update: the existing CEL rule ${broken.map((r) => `\`${r}\``).join(", ")} uses it and no longer compiles (A14)`;
}
