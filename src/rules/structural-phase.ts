/**
 * Deferred reporting of the structural phase: ValidateStructural runs only when NewStructural succeeds, which is
 * known once the whole schema has been observed. Rules that reproduce ValidateStructural checks (the structural
 * category, and schema-values rules such as an invalid pattern) observe every node, queue their findings in the
 * schema's StructuralState, and flush them in checkSchema.
 */
import type { Report, SchemaContext } from "./define-rule.js";
import type { SchemaNode } from "../crd/schema.js";
import type { StructuralState } from "../crd/structural.js";

/** Observes the node and returns the schema's state (call first in every structural-phase visitNode). */
export function observeNode(node: SchemaNode, ctx: SchemaContext): StructuralState {
  const st = ctx.structural;
  st.observe(node);
  return st;
}

/** Queues a finding; it is reported at the end of the structural phase when the schema converts. */
export function deferReport<M extends string>(ctx: SchemaContext<M>, r: Report<NoInfer<M>>): void {
  ctx.structural.defer(ctx.ruleId, () => ctx.report(r));
}

/** Reports what the rule queued, unless the schema does not convert (then ValidateStructural never ran). */
export function flushDeferred(ctx: SchemaContext): void {
  ctx.structural.flush(ctx.ruleId);
}
