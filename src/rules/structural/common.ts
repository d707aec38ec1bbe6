/**
 * Shared plumbing of the structural rules: they run in the `structural` phase (where the engine observes every node,
 * so the schema's NewStructural outcome is known), queue their findings, and report them at the end of the phase
 * only when the schema converts (ValidateStructural does not run otherwise).
 */
import type { SchemaContext } from "../define-rule.js";
import { deferReport, flushDeferred, observeNode } from "../structural-phase.js";

export { deferReport, flushDeferred, observeNode } from "../structural-phase.js";
import type { SchemaNode } from "../../crd/schema.js";

/**
 * `M` are the rule's message ids, inferred from the rule's `messages` where the hook is one of its properties. A check
 * reads the schema's structural state (observeNode) only on the nodes it concerns: reading it is reading the run's
 * release, and a node the check passes over without reading anything is replayed at the other releases of a range.
 */
export type StructuralCheck<M extends string = string> = (node: SchemaNode, ctx: SchemaContext<M>) => void;

/**
 * The `visitNode` of a structural rule whose per-node check queues reports with `deferReport`; the rule's
 * `checkSchema` is `flushDeferred`. Written as the rule's property (not spread into it), so that TypeScript infers
 * the rule's message ids for `ctx`.
 */
export function structuralVisit<M extends string>(
  check: StructuralCheck<M>,
): (node: SchemaNode, ctx: SchemaContext<M>) => void {
  return check;
}

/** The phase and hooks of a structural rule whose per-node check reports only its message `M` (spread into the rule). */
export function structuralHooks<M extends string>(check: StructuralCheck<M>) {
  return {
    phase: "structural" as const,
    visitNode: structuralVisit(check),
    checkSchema(ctx: SchemaContext<M>): void {
      flushDeferred(ctx);
    },
  };
}

/**
 * A value-validation keyword check (rule 3): on every allOf/anyOf/oneOf/not node ValidateStructural descends into,
 * `key` must be absent (or its zero value).
 */
export function nestedKeywordHooks(key: string, isSetValue: (v: unknown, minor: number) => boolean) {
  return {
    ...structuralHooks<"nested">((node, ctx) => {
      if (!node.inJunctor || node.inUnsupported) return;
      if (!isSetValue(node.schema[key], ctx.minor)) return;
      if (!observeNode(node, ctx).valueValidation(node).validated) return;
      deferReport(ctx, { path: node.path.child(key), messageId: "nested" });
    }),
    visitKeys: [key],
  };
}

export const nonEmptyString = (v: unknown): boolean => typeof v === "string" && v.length > 0;
export const isTrue = (v: unknown): boolean => v === true;
export const nonEmptyList = (v: unknown): boolean => Array.isArray(v) && v.length > 0;
