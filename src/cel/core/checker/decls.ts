/** Declaration helpers shared by the library declarations: overload and macro declarations, type parameters, and a library's shape (functions and macros). */
import type { CelType } from "../types.js";
import { collectTypeParams, listOf, mapOf, typeParam } from "../typeutil.js";

export interface OverloadDecl {
  readonly id: string;
  /** Receiver-style (member) overload: args[0] is the receiver. */
  readonly member: boolean;
  readonly args: readonly CelType[];
  readonly result: CelType;
  /** Names of the type parameters used by args/result (empty for monomorphic overloads). */
  readonly typeParams: readonly string[];
}

export interface FunctionDecl {
  readonly name: string;
  readonly overloads: readonly OverloadDecl[];
}

/** Macro keys: `name:argCount:member` (member = "m", global = "g"). */
export type MacroKey = string;

// ---------------------------------------------------------------------------------------------
// Declaration helpers

export const A = typeParam("A");
export const B = typeParam("B");
export const K = typeParam("K");
export const V = typeParam("V");
export const T = typeParam("T");
export const LIST_A = listOf(A);
export const MAP_AB = mapOf(A, B);

export function ov(id: string, member: boolean, args: CelType[], result: CelType): OverloadDecl {
  const params = new Set<string>();
  for (const a of args) collectTypeParams(a, params);
  collectTypeParams(result, params);
  return Object.freeze({ id, member, args: Object.freeze(args), result, typeParams: Object.freeze([...params]) });
}
/** Global overload. */
export function g(id: string, args: CelType[], result: CelType): OverloadDecl {
  return ov(id, false, args, result);
}
/** Member (receiver) overload; args[0] is the receiver type. */
export function m(id: string, args: CelType[], result: CelType): OverloadDecl {
  return ov(id, true, args, result);
}

export interface Lib {
  /** Function name → overloads contributed by this library. */
  fns: [string, OverloadDecl[]][];
  idents?: [string, CelType][];
  macros?: MacroKey[];
}
