/**
 * `--path` of `crdlint cel eval`: a field path into a CRD version's schema (`spec.ports[*]`, `spec.ports[0]`,
 * `spec.labels['app']`), resolved to the schema node a rule written there sits on, and the values of an object at it
 * (each with the old value a transition rule there would see, paired as the apiserver's CEL validator pairs them).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (Validator.validate: how old values follow new ones)
import { children, schemaRoot, type SchemaNode } from "../../crd/schema.js";
import type { SchemaScope } from "../../crd/model.js";
import { FieldPath } from "../../k8s/path.js";
import { isPlainObject } from "../../k8s/go.js";

/** One step of a written path: a name (`.a`, `['a']`), an index (`[0]`) or every item or value (`[*]`). */
type WrittenStep = { kind: "name"; name: string } | { kind: "index"; index: number } | { kind: "all" };

/** One step from a node to its child, and how the step reads a value. */
type ValueStep =
  | { kind: "field"; name: string }
  | { kind: "key"; key: string }
  | { kind: "index"; index: number }
  | { kind: "items" }
  | { kind: "values" };

export interface ResolvedPath {
  /** The schema node a rule at the path sits on. */
  node: SchemaNode;
  /** The path written back in one spelling (`spec.ports[*]`; "" for the root). */
  text: string;
  steps: { step: ValueStep; parent: SchemaNode }[];
}

/** A value of the object at the path: where it is, the value, and the old value it pairs with (undefined: none). */
export interface SelectedValue {
  field: FieldPath;
  value: unknown;
  old: unknown;
}

/** Parses a written path; a string is what is wrong with it. */
function parseWritten(text: string): WrittenStep[] | string {
  const steps: WrittenStep[] = [];
  let i = text.startsWith(".") ? 1 : 0;
  if (text === ".") return steps;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "[") {
      const close = findClose(text, i);
      if (close < 0) return `unclosed "[" at character ${i + 1}`;
      const inner = text.slice(i + 1, close).trim();
      if (inner === "*") steps.push({ kind: "all" });
      else if (/^\d+$/.test(inner)) steps.push({ kind: "index", index: Number(inner) });
      else if (/^'.*'$|^".*"$/s.test(inner))
        steps.push({ kind: "name", name: inner.slice(1, -1).replace(/\\(.)/g, "$1") });
      else return `"[${inner}]": expected [*], an index such as [0], or a quoted name such as ['a.b']`;
      i = close + 1;
      if (text[i] === ".") {
        i++;
        if (i >= text.length) return "the path ends with a dot";
      }
      continue;
    }
    let j = i;
    while (j < text.length && text[j] !== "." && text[j] !== "[") j++;
    const name = text.slice(i, j);
    if (name === "") return `an empty name at character ${i + 1}`;
    steps.push({ kind: "name", name });
    i = j;
    if (text[i] === ".") {
      i++;
      if (i >= text.length) return "the path ends with a dot";
    }
  }
  return steps;
}

/** The index of the `]` that closes the `[` at `open` (quotes may hold brackets), or -1. */
function findClose(text: string, open: number): number {
  let quote: string | null = null;
  for (let k = open + 1; k < text.length; k++) {
    const c = text[k]!;
    if (quote) {
      if (c === "\\") k++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "]") return k;
  }
  return -1;
}

const PLAIN_NAME = /^[A-Za-z_$][\w$-]*$/;

const nameText = (name: string): string =>
  PLAIN_NAME.test(name) ? `.${name}` : `['${name.replace(/[\\']/g, "\\$&")}']`;

function stepText(s: ValueStep): string {
  switch (s.kind) {
    case "field":
      return nameText(s.name);
    case "key":
      return nameText(s.key);
    case "index":
      return `[${s.index}]`;
    case "items":
    case "values":
      return "[*]";
  }
}

/** What a node holds, for messages: its properties, or that it is a list or a map. */
function describeNode(node: SchemaNode): string {
  const kids = children(node);
  const props = kids.filter((k) => k.via === "properties").map((k) => k.name!);
  if (props.length) return `its properties: ${props.join(", ")}`;
  if (kids.some((k) => k.via === "items")) return "it is a list: [*] or [N] selects its items";
  if (kids.some((k) => k.via === "additionalProperties")) return "it is a map: [*] or a key selects its values";
  const t = node.schema["type"];
  return typeof t === "string" ? `it is of type ${t}` : "it has no properties";
}

/** Resolves a written path in a schema; a string is why it does not resolve (a usage error). */
export function resolveSchemaPath(scope: SchemaScope, text: string): ResolvedPath | string {
  const written = parseWritten(text.trim());
  if (typeof written === "string") return `--path ${JSON.stringify(text)}: ${written}`;
  let node = schemaRoot(scope);
  let shown = "";
  const steps: ResolvedPath["steps"] = [];
  for (const w of written) {
    const kids = children(node);
    const items = kids.find((k) => k.via === "items");
    const values = kids.find((k) => k.via === "additionalProperties");
    let next: SchemaNode | undefined;
    let step: ValueStep | undefined;
    if (w.kind === "name") {
      next = kids.find((k) => k.via === "properties" && k.name === w.name);
      if (next) step = { kind: "field", name: w.name };
      else if (values) {
        next = values;
        step = { kind: "key", key: w.name };
      }
    } else if (w.kind === "index") {
      if (items) {
        next = items;
        step = { kind: "index", index: w.index };
      }
    } else if (items) {
      next = items;
      step = { kind: "items" };
    } else if (values) {
      next = values;
      step = { kind: "values" };
    }
    if (!next || !step) {
      const at = shown === "" ? "the root" : shown.replace(/^\./, "");
      const what =
        w.kind === "name" ? `no property "${w.name}"` : w.kind === "index" ? `no item [${w.index}]` : "no [*]";
      return `--path ${JSON.stringify(text)}: the schema has ${what} at ${at} (${describeNode(node)})`;
    }
    steps.push({ step, parent: node });
    shown += stepText(step);
    node = next;
  }
  return { node, text: shown.replace(/^\./, ""), steps };
}

/** Whether old values pair with new ones below an object (x-kubernetes-map-type granular, atomic or unset). */
function correlatable(schema: Record<string, unknown>): boolean {
  const mt = schema["x-kubernetes-map-type"];
  return mt === undefined || mt === "granular" || mt === "atomic";
}

/**
 * The values of `object` at the path, each with the old value the apiserver pairs it with: an object's field with the
 * old object's field, a list-type map list's item with the old item of the same keys (findOldItem), nothing else.
 * `why` says where the selection became empty (no value, or a null one: the apiserver runs no rule there).
 */
export function selectValues(
  path: ResolvedPath,
  object: unknown,
  old: unknown,
  findOldItem: (listSchema: Record<string, unknown>, oldList: unknown, item: unknown) => unknown,
): { values: SelectedValue[]; why?: string } {
  let current: SelectedValue[] = [{ field: FieldPath.from([]), value: object, old }];
  let shown = "";
  for (const { step, parent } of path.steps) {
    shown += stepText(step);
    const next: SelectedValue[] = [];
    for (const c of current) {
      const v = c.value;
      const oldMap = isPlainObject(c.old) && correlatable(parent.schema) ? c.old : undefined;
      switch (step.kind) {
        case "field":
        case "key": {
          const name = step.kind === "field" ? step.name : step.key;
          if (!isPlainObject(v) || !Object.prototype.hasOwnProperty.call(v, name)) break;
          next.push({
            field: step.kind === "field" ? c.field.child(name) : c.field.key(name),
            value: v[name],
            old: oldMap?.[name],
          });
          break;
        }
        case "values":
          if (!isPlainObject(v)) break;
          for (const [k, x] of Object.entries(v)) next.push({ field: c.field.key(k), value: x, old: oldMap?.[k] });
          break;
        case "index":
        case "items": {
          if (!Array.isArray(v)) break;
          const at = step.kind === "index" ? [step.index] : v.map((_, i) => i);
          for (const i of at) {
            if (i >= v.length) continue;
            const oldItem = Array.isArray(c.old) ? findOldItem(parent.schema, c.old, v[i]) : undefined;
            next.push({ field: c.field.index(i), value: v[i], old: oldItem });
          }
          break;
        }
      }
    }
    const present = next.filter((n) => n.value !== null && n.value !== undefined);
    if (present.length === 0)
      return {
        values: [],
        why: `the object has ${next.length ? "only null" : "no value"} at ${shown.replace(/^\./, "")}; the apiserver runs no rule on an absent or null value`,
      };
    current = present;
  }
  return { values: current.filter((c) => c.value !== null && c.value !== undefined) };
}
