/**
 * Shared plumbing of the structural rules: they run in the `structural` phase, observe every node (so the
 * schema's NewStructural outcome is known), queue their findings, and report them at the end of the phase only
 * when the schema converts (ValidateStructural does not run otherwise).
 */
import type { SchemaContext } from "../define-rule.js";
import { deferReport, flushDeferred, observeNode } from "../structural-phase.js";

export { deferReport } from "../structural-phase.js";
import type { SchemaNode } from "../../crd/schema.js";
import type { StructuralState } from "../../crd/structural.js";

export type StructuralCheck = (node: SchemaNode, ctx: SchemaContext, state: StructuralState) => void;

/** The phase and hooks of a structural rule whose per-node check queues reports with `deferReport`. */
export function structuralHooks(check: StructuralCheck) {
  return {
    phase: "structural" as const,
    visitNode(node: SchemaNode, ctx: SchemaContext): void {
      const state = observeNode(node, ctx);
      check(node, ctx, state);
    },
    checkSchema(ctx: SchemaContext): void {
      flushDeferred(ctx);
    },
  };
}

/**
 * A value-validation keyword check (rule 3): on every allOf/anyOf/oneOf/not node ValidateStructural descends into,
 * `key` must be absent (or its zero value).
 */
export function nestedKeywordHooks(key: string, isSetValue: (v: unknown) => boolean) {
  return structuralHooks((node, ctx, state) => {
    if (!node.inJunctor || node.inUnsupported) return;
    if (!isSetValue(node.schema[key])) return;
    if (!state.valueValidation(node).validated) return;
    deferReport(ctx, { path: node.path.child(key), messageId: "nested" });
  });
}

export const nonEmptyString = (v: unknown): boolean => typeof v === "string" && v.length > 0;
export const isTrue = (v: unknown): boolean => v === true;
export const nonEmptyList = (v: unknown): boolean => Array.isArray(v) && v.length > 0;
