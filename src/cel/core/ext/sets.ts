/** cel-go sets extension declarations (ext.Sets), enabled by Kubernetes. */
import { BOOL, listOf } from "../typeutil.js";
import { T, g, type Lib } from "../checker/decls.js";

/** ext.Sets(). */
export const setsLib: Lib = {
  fns: [
    ["sets.contains", [g("list_sets_contains_list", [listOf(T), listOf(T)], BOOL)]],
    ["sets.equivalent", [g("list_sets_equivalent_list", [listOf(T), listOf(T)], BOOL)]],
    ["sets.intersects", [g("list_sets_intersects_list", [listOf(T), listOf(T)], BOOL)]],
  ],
};
