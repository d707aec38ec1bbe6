/**
 * Shared state of the defaults rules, computed once per schema node (kept in the per-CRD memo; the single walk
 * visits parents before children, so each node's state is O(1) from its parent's):
 *
 * - the walk-time reason a default is forbidden (the OpenAPI walk's `withForbiddenDefaults`): under the root's
 *   metadata/kind/apiVersion ("in top-level <field>"), replaced below an additionalProperties inside any resource meta
 *   ("inside additionalProperties applying to object metadata");
 * - the defaults-phase traversal of `ValidateDefaults` (root, then properties and items only — additionalProperties
 *   and junctors are not followed), with `insideMeta` and the surrounding object of defaults inside an embedded
 *   resource's metadata/kind/apiVersion;
 * - the outcome of checking one default: not pruned / ObjectMeta-TypeMeta errors / metadata errors / schema errors.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (withForbiddenDefaults, withInsideResourceMeta)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go (ValidateDefaults, validate)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/surroundingobject.go
import { isObject, type JsonObject } from "../../crd/model.js";
import type { SchemaNode } from "../../crd/schema.js";
import { MemoKey, type Memo } from "../../crd/memo.js";
import { DualPath, FieldPath } from "../../k8s/path.js";
import { aggregateString, deepCopy, fieldErrorStringAt, hasOwn, type ValueError } from "../../k8s/go.js";
import { coerceEmbedded, validateEmbedded } from "../../values/embedded.js";
import { pruneValue } from "../../values/prune.js";
import { validateSchemaValue, type SchemaValidatorCache } from "../../values/value.js";
import type { Report, RuleContext } from "../define-rule.js";

const META = new Set(["metadata", "kind", "apiVersion"]);

/** The node's default as the apiserver decodes it (undefined when none): `default: null` is no default (the pointer stays nil). */
export function defaultValue(node: SchemaNode): unknown {
  const v = node.schema.default;
  return v === null ? undefined : v;
}

export const isEmbeddedSchema = (s: JsonObject): boolean => s["x-kubernetes-embedded-resource"] === true;

// ---------------------------------------------------------------------------------------------------------------
// walk phase: why a default is forbidden here

interface WalkState {
  insideMeta: boolean;
  reason: "top-level" | "additionalProperties" | null;
  field: string | null;
}

const WALK_STATES = new MemoKey<WalkState>("defaults:walk");

// computeFor, not getFor/setFor: the states depend on no release, whatever the asker read before (a run over several
// releases keeps them for every release).
export function walkState(node: SchemaNode, memo: Memo): WalkState {
  return memo.computeFor(WALK_STATES, node, () => computeWalkState(node, memo));
}

function computeWalkState(node: SchemaNode, memo: Memo): WalkState {
  let st: WalkState;
  const parent = node.parent;
  if (!parent) st = { insideMeta: false, reason: null, field: null };
  else {
    const p = walkState(parent, memo);
    st = p;
    if (
      node.via === "properties" &&
      node.name !== null &&
      META.has(node.name) &&
      (parent.parent === null || isEmbeddedSchema(parent.schema))
    ) {
      st =
        parent.parent === null
          ? { insideMeta: true, reason: "top-level", field: node.name }
          : { ...p, insideMeta: true };
    } else if (node.via === "additionalProperties" && p.insideMeta) {
      st = { ...p, reason: "additionalProperties" };
    }
  }
  return st;
}

// ---------------------------------------------------------------------------------------------------------------
// defaults phase: ValidateDefaults' traversal

type Step = { key: string } | { index: true };

interface DefaultsState {
  /** Reached from the root through properties and items only. */
  eligible: boolean;
  /** Inside the metadata/kind/apiVersion of the nearest resource (root or embedded resource). */
  insideMeta: boolean;
  /** The node is the resource: the root (treated as embedded) or an x-kubernetes-embedded-resource node. */
  isResource: boolean;
  /** The nearest resource's schema (the root's with x-kubernetes-embedded-resource forced on). */
  resourceSchema: JsonObject;
  /** How the default sits inside the surrounding object built from that resource. */
  steps: Step[];
}

const DEFAULTS_STATES = new MemoKey<DefaultsState>("defaults:states");
const EMBEDDED_ROOTS = new MemoKey<JsonObject>("defaults:embedded-roots");

/** The root schema with x-kubernetes-embedded-resource set, as ValidateDefaults(isResourceRoot=true) clones it. */
export function asResource(schema: JsonObject, memo: Memo): JsonObject {
  if (isEmbeddedSchema(schema)) return schema;
  return memo.computeFor(EMBEDDED_ROOTS, schema, () => ({ ...schema, "x-kubernetes-embedded-resource": true }));
}

const NOT_ELIGIBLE: DefaultsState = {
  eligible: false,
  insideMeta: false,
  isResource: false,
  resourceSchema: {},
  steps: [],
};

export function defaultsState(node: SchemaNode, memo: Memo): DefaultsState {
  return memo.computeFor(DEFAULTS_STATES, node, () => computeDefaultsState(node, memo));
}

function computeDefaultsState(node: SchemaNode, memo: Memo): DefaultsState {
  let st: DefaultsState;
  const parent = node.parent;
  if (!parent)
    st = {
      eligible: true,
      insideMeta: false,
      isResource: true,
      resourceSchema: asResource(node.schema, memo),
      steps: [],
    };
  else {
    const p = defaultsState(parent, memo);
    if (!p.eligible || (node.via !== "properties" && node.via !== "items")) st = NOT_ELIGIBLE;
    else if (isEmbeddedSchema(node.schema))
      st = { eligible: true, insideMeta: false, isResource: true, resourceSchema: node.schema, steps: [] };
    else {
      const step: Step = node.via === "properties" ? { key: node.name ?? "" } : { index: true };
      st = {
        eligible: true,
        insideMeta: p.insideMeta || (node.via === "properties" && p.isResource && META.has(node.name ?? "")),
        isResource: false,
        resourceSchema: p.resourceSchema,
        steps: [...p.steps, step],
      };
    }
  }
  return st;
}

// ---------------------------------------------------------------------------------------------------------------
// one default's outcome

export interface DefaultOutcome {
  /** Pruning against the node's own schema would drop something. */
  notPruned: boolean;
  /** Coerce's first error, or Validate's errors (embedded apiVersion/kind/metadata). */
  embedded: ValueError[];
  /** Inside an embedded resource's meta: the metadata validation's errors (the rule words the message around them). */
  metadata: string | null;
  /** kube-openapi errors of the default against its node's schema. */
  schema: ValueError[];
  /** `<node>.default`, written and apiserver. */
  base: DualPath;
}

const OUTCOMES = new MemoKey<DefaultOutcome | null>("defaults:outcomes");

/** Lifts a path under the written `<node>.default` to the DualPath (same suffix under the apiserver's path). */
export function lift(base: DualPath, p: FieldPath): DualPath {
  const suffix = p.segments.slice(base.written.segments.length);
  if (suffix.length === 0) return base;
  return new DualPath(
    FieldPath.from([...base.written.segments, ...suffix]),
    FieldPath.from([...base.apiserver.segments, ...suffix]),
  );
}

/**
 * The reports of the `embedded` or `schema` errors of the default of `node`, at their paths under `<node>.default`,
 * with the error's own type and text (and value, when it has one).
 */
export function defaultErrorReports(
  node: SchemaNode,
  ctx: Pick<RuleContext, "minor" | "memo" | "services">,
  errors: "embedded" | "schema",
): Report<never>[] {
  // Most nodes have no default: they answer before reading the release (a run over several releases replays them).
  if (defaultValue(node) === undefined) return [];
  const o = defaultOutcome(node, ctx.minor, ctx.memo, ctx.services.schemaValidators);
  if (!o) return [];
  return o[errors].map((e) => {
    const r = { path: lift(o.base, e.path), type: e.type, message: e.message } as Report<never>;
    if ("value" in e) r.value = e.value;
    return r;
  });
}

function surround(steps: Step[], focus: unknown): Record<string, unknown> {
  let v = focus;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    v = "key" in s ? { [s.key]: v } : [v];
  }
  const obj = isObject(v) ? v : {};
  // SurroundingObjectFunc.WithTypeMeta sets them only where absent: a default of kind or apiVersion is the one checked.
  if (!hasOwn(obj, "kind")) obj.kind = "Validation";
  if (!hasOwn(obj, "apiVersion")) obj.apiVersion = "validation/v1";
  return obj;
}

/** The checks ValidateDefaults runs on the default of `node` (null when the node has none or is not visited). */
export function defaultOutcome(
  node: SchemaNode,
  minor: number,
  memo: Memo,
  validators: SchemaValidatorCache,
): DefaultOutcome | null {
  const d = defaultValue(node);
  if (d === undefined) return null;
  const cached = memo.getFor(OUTCOMES, node);
  if (cached !== undefined) return cached;
  const st = defaultsState(node, memo);
  let out: DefaultOutcome | null = null;
  if (st.eligible) {
    const base = node.path.child("default");
    const rootPath = base.written;
    out = { notPruned: false, embedded: [], metadata: null, schema: [], base };
    const schema = st.isResource ? st.resourceSchema : node.schema;
    if (st.insideMeta) {
      const obj = surround(st.steps, deepCopy(d));
      const c = coerceEmbedded(obj, st.resourceSchema, { isResourceRoot: true, minor });
      if (c.error) out.metadata = fieldErrorStringAt(c.error, minor);
      else {
        const errs = validateEmbedded(c.value, st.resourceSchema, { isResourceRoot: true, minor });
        if (errs.length > 0) out.metadata = aggregateString(errs, minor);
        else out.schema = validateSchemaValue(schema, d, { rootPath, minor, mode: "default", cache: validators });
      }
    } else {
      out.notPruned = pruneValue(d, schema, { isResourceRoot: st.isResource }).changed;
      const c = coerceEmbedded(d, schema, { rootPath, isResourceRoot: st.isResource, minor });
      if (c.error) out.embedded = [c.error];
      else {
        const errs = validateEmbedded(c.value, schema, { rootPath, isResourceRoot: st.isResource, minor });
        if (errs.length > 0) out.embedded = errs;
        else out.schema = validateSchemaValue(schema, c.value, { rootPath, minor, mode: "default", cache: validators });
      }
    }
  }
  memo.setFor(OUTCOMES, node, out);
  return out;
}
