/** One walk over an openAPIV3Schema: every node with where it sits (structural part, junctor, resource meta). */
import type { DualPath } from "../k8s/path.js";
import { MemoKey, type Memo } from "./memo.js";
import { isObject, type JsonObject, type SchemaScope } from "./model.js";

export type Junctor = "allOf" | "anyOf" | "oneOf" | "not";
export const JUNCTORS: readonly Junctor[] = ["allOf", "anyOf", "oneOf", "not"];

/** How a node was reached from its parent. */
export type Via =
  "root" | "properties" | "additionalProperties" | "items" | "itemsArray" | Junctor | "definitions" | "dependencies";

export type ResourceMetaField = "metadata" | "kind" | "apiVersion";

export interface SchemaNode {
  schema: JsonObject;
  path: DualPath;
  parent: SchemaNode | null;
  via: Via;
  /** Property name / map key under which it was reached (properties, definitions, dependencies). */
  name: string | null;
  /** root / item / field, as the structural rules name levels (junctor branches keep their parent's level). */
  level: "root" | "item" | "field";
  /** Reachable from the root through properties, additionalProperties (schema) and items (schema) only. */
  isStructural: boolean;
  /** Inside a value validation (allOf/anyOf/oneOf/not) at any depth. */
  inJunctor: boolean;
  /** Under definitions / dependencies / array-form items: walked for forbidden fields only. */
  inUnsupported: boolean;
  depth: number;
  /** The resource root this node belongs to: the schema root or the nearest x-kubernetes-embedded-resource ancestor-or-self. */
  isResourceRoot: boolean;
  /** Set under root (or embedded resource) properties metadata/kind/apiVersion: which one, and whether of the top-level root. */
  resourceMeta: { field: ResourceMetaField; topLevel: boolean } | null;
  /** Under an additionalProperties schema somewhere above (or at) this node. */
  underAdditionalProperties: boolean;
  scope: SchemaScope;
}

export const MAX_SCHEMA_DEPTH = 256;

function isTrue(v: unknown): boolean {
  return v === true;
}

/** Visits every schema node pre-order. Children order: properties (sorted), additionalProperties, items, junctors, definitions, dependencies. */
export function walkSchema(
  scope: SchemaScope,
  visit: (node: SchemaNode) => void,
  onTooDeep?: (node: SchemaNode) => void,
): void {
  const stack: SchemaNode[] = [schemaRoot(scope)];
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    if (node.depth >= MAX_SCHEMA_DEPTH) {
      onTooDeep?.(node);
      continue;
    }
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
}

const SCHEMA_NODES = new MemoKey<readonly SchemaNode[]>("schema:nodes");

/** Every node of the schema in walkSchema's order, walked once per CRD (the engine's rules and the CRD rules share it). */
export function schemaNodes(scope: SchemaScope, memo: Memo): readonly SchemaNode[] {
  return memo.computeFor(SCHEMA_NODES, scope, () => {
    const nodes: SchemaNode[] = [];
    walkSchema(scope, (n) => nodes.push(n));
    return nodes;
  });
}

/** The root node of a schema (the walk starts there; children() goes down from it). */
export function schemaRoot(scope: SchemaScope): SchemaNode {
  return {
    schema: scope.root,
    path: scope.path,
    parent: null,
    via: "root",
    name: null,
    level: "root",
    isStructural: true,
    inJunctor: false,
    inUnsupported: false,
    depth: 0,
    isResourceRoot: true,
    resourceMeta: null,
    underAdditionalProperties: false,
    scope,
  };
}

/** Whether o's keys come in Array.prototype.sort's order already (most schemas list them so). */
function keysSorted(o: JsonObject): boolean {
  let previous: string | undefined;
  for (const k in o) {
    if (previous !== undefined && previous > k) return false;
    previous = k;
  }
  return true;
}

/** The child of `node` reached through `via` (under `name`), appended to `out` when its schema is an object. */
function addChild(
  out: SchemaNode[],
  node: SchemaNode,
  schema: unknown,
  path: DualPath,
  via: Via,
  name: string | null,
): void {
  if (!isObject(schema)) return;
  const junctor = via === "allOf" || via === "anyOf" || via === "oneOf" || via === "not";
  const unsupported = via === "definitions" || via === "dependencies" || via === "itemsArray";
  const level = junctor
    ? node.level
    : via === "items" || via === "itemsArray"
      ? "item"
      : via === "properties" || via === "additionalProperties"
        ? "field"
        : node.level;
  const isStructural = node.isStructural && (via === "properties" || via === "additionalProperties" || via === "items");
  let resourceMeta = node.resourceMeta;
  if (
    !resourceMeta &&
    via === "properties" &&
    node.isResourceRoot &&
    (name === "metadata" || name === "kind" || name === "apiVersion")
  )
    resourceMeta = { field: name, topLevel: node.via === "root" || node.parent === null };
  out.push({
    schema,
    path,
    parent: node,
    via,
    name,
    level,
    isStructural,
    inJunctor: node.inJunctor || junctor,
    inUnsupported: node.inUnsupported || unsupported,
    depth: node.depth + 1,
    isResourceRoot: !junctor && isTrue(schema["x-kubernetes-embedded-resource"]),
    resourceMeta,
    underAdditionalProperties: node.underAdditionalProperties || via === "additionalProperties",
    scope: node.scope,
  });
}

/** The children of a map field (`properties`, `definitions`, `dependencies`), by sorted key, sharing the field's path. */
function addKeyed(
  out: SchemaNode[],
  node: SchemaNode,
  map: JsonObject,
  field: "properties" | "definitions" | "dependencies",
): void {
  const base = node.path.field(field);
  // for...in when the keys are sorted already: no array of them per node.
  if (keysSorted(map)) for (const k in map) addChild(out, node, map[k], base.key(k), field, k);
  else for (const k of Object.keys(map).sort()) addChild(out, node, map[k], base.key(k), field, k);
}

/** The children of a list field (`items` as a list, `allOf`, `anyOf`, `oneOf`), sharing the field's path. */
function addIndexed(out: SchemaNode[], node: SchemaNode, list: unknown[], field: "items" | Junctor, via: Via): void {
  const base = node.path.field(field);
  for (let i = 0; i < list.length; i++) addChild(out, node, list[i], base.index(i), via, null);
}

// Functions of the module rather than closures per call: a schema walk calls this once per node.
export function children(node: SchemaNode): SchemaNode[] {
  const s = node.schema;
  const out: SchemaNode[] = [];
  if (isObject(s.properties)) addKeyed(out, node, s.properties, "properties");
  if (isObject(s.additionalProperties))
    addChild(out, node, s.additionalProperties, node.path.field("additionalProperties"), "additionalProperties", null);
  if (isObject(s.items)) addChild(out, node, s.items, node.path.field("items"), "items", null);
  else if (Array.isArray(s.items)) addIndexed(out, node, s.items, "items", "itemsArray");
  if (Array.isArray(s.allOf)) addIndexed(out, node, s.allOf, "allOf", "allOf");
  if (Array.isArray(s.anyOf)) addIndexed(out, node, s.anyOf, "anyOf", "anyOf");
  if (Array.isArray(s.oneOf)) addIndexed(out, node, s.oneOf, "oneOf", "oneOf");
  if (isObject(s.not)) addChild(out, node, s.not, node.path.field("not"), "not", null);
  if (isObject(s.definitions)) addKeyed(out, node, s.definitions, "definitions");
  if (isObject(s.dependencies)) addKeyed(out, node, s.dependencies, "dependencies");
  return out;
}

/** Path of schema nodes from the root to `node` (inclusive). */
export function ancestry(node: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (let n: SchemaNode | null = node; n; n = n.parent) out.push(n);
  return out.reverse();
}

/**
 * Every object under raw schema roots, in depth-first order, values of `default`, `enum` and `example` left out
 * (they are data, not schemas): for the rules that compare what OLD already had, as the apiserver's warning ratchets do.
 */
export function forEachRawSchemaObject(roots: readonly unknown[], visit: (o: Record<string, unknown>) => void): void {
  const walk = (v: unknown, depth: number): void => {
    if (depth > 500 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    visit(o);
    for (const [k, x] of Object.entries(o)) if (k !== "default" && k !== "enum" && k !== "example") walk(x, depth + 1);
  };
  for (const r of roots) walk(r, 0);
}
