/** cel-go lists extension declarations (ext.Lists), enabled by Kubernetes. */
import type { CelType } from "../types.js";
import { BOOL, BYTES, DOUBLE, DURATION, INT, LIST_DYN, listOf, STRING, TIMESTAMP, UINT } from "../typeutil.js";
import { T, g, m, type OverloadDecl, type MacroKey, type Lib } from "../checker/decls.js";

const EXT_COMPARABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["bool", BOOL],
  ["google.protobuf.Duration", DURATION],
  ["google.protobuf.Timestamp", TIMESTAMP],
  ["string", STRING],
  ["bytes", BYTES],
];

/** ext.Lists(version). */
export function extListsLib(version: number): Lib {
  const fns: [string, OverloadDecl[]][] = [["slice", [m("list_slice", [listOf(T), INT, INT], listOf(T))]]];
  const macros: MacroKey[] = [];
  if (version >= 1) {
    fns.push([
      "flatten",
      [m("list_flatten", [listOf(listOf(T))], listOf(T)), m("list_flatten_int", [LIST_DYN, INT], LIST_DYN)],
    ]);
  }
  if (version >= 2) {
    fns.push(["sort", EXT_COMPARABLE.map(([n, t]) => m(`list_${n}_sort`, [listOf(t)], listOf(t)))]);
    fns.push([
      "@sortByAssociatedKeys",
      EXT_COMPARABLE.map(([n, t]) => m(`list_${n}_sortByAssociatedKeys`, [listOf(T), listOf(t)], listOf(T))),
    ]);
    fns.push(["lists.range", [g("lists_range", [INT], listOf(INT))]]);
    fns.push(["reverse", [m("list_reverse", [listOf(T)], listOf(T))]]);
    fns.push(["distinct", [m("list_distinct", [listOf(T)], listOf(T))]]);
    macros.push("sortBy:2:m");
  }
  return { fns, macros };
}
