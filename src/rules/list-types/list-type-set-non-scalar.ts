/** Warning (1.37+): a set list of objects or arrays. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, itemSchema } from "./schema-fields.js";
import { MemoKey } from "../../crd/memo.js";
import { forEachRawSchemaObject } from "../../crd/schema.js";

// The apiserver sends each distinct warning text once per request: one memo entry per items type.
const SEEN = new MemoKey<boolean>("list-type-set-non-scalar");
const OLD_ITEM_TYPES = new MemoKey<ReadonlySet<string>>("list-type-set-non-scalar:old");

/** The items types ("object", "array") of OLD's set lists: WarningsOnUpdate leaves out the warnings OLD already drew. */
function setItemTypesOf(roots: readonly unknown[]): Set<string> {
  const out = new Set<string>();
  forEachRawSchemaObject(roots, (o) => {
    if (o[LIST_TYPE] !== "set") return;
    const t = itemSchema(o)?.type;
    if (t === "object" || t === "array") out.add(t);
  });
  return out;
}

export default defineRule({
  id: "list-type-set-non-scalar",
  category: "list-types",
  severity: "warning",
  apiserver: false,
  apiserverWarning: true,
  type: null,
  update: { warns: true },
  description: "A set list has items of type object or array, which server-side apply and CEL do not support.",
  preset: "apiserver",
  presetWhy: "The apiserver's own warning since Kubernetes 1.37.",
  phase: "walk",
  minMinor: 37,
  docs: {
    why:
      "Server-side apply and CEL transition rules cannot correlate entries of a `set` whose items are objects or " +
      "arrays (even atomic ones). Since Kubernetes 1.37 the apiserver accepts such a CRD with a warning, once per " +
      "item type.",
    fix:
      "Key the list instead: `x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys` naming required scalar " +
      "properties of the items, or make it `atomic`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go",
    fail: "openAPIV3Schema: {type: object, properties: {s: {type: array, x-kubernetes-list-type: set, items: {type: object, x-kubernetes-map-type: atomic, properties: {a: {type: string}}}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {s: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [a], items: {type: object, required: [a], properties: {a: {type: string}}}}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    if (node.schema[LIST_TYPE] !== "set") return;
    const itemsType = itemSchema(node.schema)?.type;
    if (itemsType !== "object" && itemsType !== "array") return;
    const message = `x-kubernetes-list-type: set for items of type "${itemsType}" is not supported by server-side apply or CEL validation rules`;
    // The apiserver sends each distinct warning text once per request.
    if (ctx.memo.has(SEEN, itemsType)) return;
    // WarningsOnUpdate (1.37 strategy.go) is ratcheted: a warning OLD already drew is not sent again on update.
    if (
      ctx.update &&
      ctx.memo.compute(OLD_ITEM_TYPES, () => setItemTypesOf(ctx.update!.old.schemas.map((s) => s.root))).has(itemsType)
    )
      return;
    ctx.memo.set(SEEN, true, itemsType);
    ctx.report({ path: node.path.child(LIST_TYPE), message });
  },
});
