/** The CRD's metadata.name as the create validation checks it (the name rules of this category). */
import type { RuleContext } from "../define-rule.js";
import { isObject } from "../../crd/model.js";
import { stringField } from "../../k8s/objectmeta.js";

/**
 * metadata.name when the create validation checks its form (its nameValidationFn), or null: on update (an update
 * keeps OLD's name) and when the name is empty or not a string.
 */
export function nameCheckedOnCreate(ctx: RuleContext): string | null {
  if (ctx.update) return null;
  const md = isObject(ctx.crd.raw.metadata) ? ctx.crd.raw.metadata : {};
  const name = stringField(md, "name");
  // An empty name is no name: the create validation reports it as required, not as malformed.
  return name === "" ? null : name;
}
