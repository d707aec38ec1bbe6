/** Kubernetes lists library declarations (kubernetes/apiserver pkg/cel/library/lists.go). */
import type { CelType } from "../core/types.js";
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, listOf, STRING, TIMESTAMP, UINT } from "../core/typeutil.js";
import { A, LIST_A, m, type OverloadDecl, type Lib } from "../core/checker/decls.js";

const COMPARABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["bool", BOOL],
  ["duration", DURATION],
  ["timestamp", TIMESTAMP],
  ["string", STRING],
  ["bytes", BYTES],
];
const SUMMABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["duration", DURATION],
];

export function k8sListsLib(version: number): Lib {
  const fns: [string, OverloadDecl[]][] = [
    ["isSorted", COMPARABLE.map(([n, t]) => m(`list_${n}_is_sorted_bool`, [listOf(t)], BOOL))],
    ["sum", SUMMABLE.map(([n, t]) => m(`list_${n}_sum_${n}`, [listOf(t)], t))],
    ["max", COMPARABLE.map(([n, t]) => m(`list_${n}_max_${n}`, [listOf(t)], t))],
    ["min", COMPARABLE.map(([n, t]) => m(`list_${n}_min_${n}`, [listOf(t)], t))],
    ["indexOf", [m("list_a_index_of_int", [LIST_A, A], INT)]],
    ["lastIndexOf", [m("list_a_last_index_of_int", [LIST_A, A], INT)]],
  ];
  if (version >= 1) fns.push(["includes", [m("list_includes_dyn_dyn", [DYN, DYN], BOOL)]]);
  return { fns };
}
