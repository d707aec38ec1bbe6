/**
 * What a Kubernetes CEL library adds to cel-go besides its declarations: its functions at runtime and its costs
 * (kubernetes/apiserver pkg/cel/library/cost.go, EstimateCallCost and CallCost), which ./cost.ts and ./runtime.ts
 * put together over all the libraries; with the helpers the libraries' estimators share.
 */
import type { CelType } from "../core/types.js";
import type { Impl } from "../core/interpreter/functions.js";
import type { Result, Val } from "../core/interpreter/values.js";
import type { AstNode, CallEstimate, LibraryCoster } from "../core/cost/library.js";

export interface KubernetesLibrary {
  /** Implementations by overload id. */
  readonly functions?: Readonly<Record<string, Impl>>;
  /** The estimated cost of a call, by function name (EstimateCallCost); null: not one of the library's. */
  estimate?(
    coster: LibraryCoster,
    fn: string,
    ov: string,
    target: AstNode | null,
    args: AstNode[],
  ): CallEstimate | null;
  /** The estimated cost of `==` on two operands of the same library type (its cel-go type name). */
  estimateEquality?(typeName: string, lhs: AstNode, rhs: AstNode): CallEstimate | null;
  /** The runtime cost of a call, by function name (CallCost; args include the receiver); undefined: not the library's. */
  callCost?(fn: string, overloadId: string, args: Val[], result: Result): number | undefined;
}

/** cel-go's name of a type (Type.TypeName()). */
export function typeName(t: CelType | undefined): string {
  if (!t) return "dyn";
  switch (t.kind) {
    case "object":
    case "opaque":
      return t.name;
    case "optional":
      return "optional_type";
    default:
      return t.kind;
  }
}

/** First type parameter (list element, map key, optional/opaque parameter), as cel-go `Type.Parameters()[0]`. */
function firstParam(t: CelType | undefined): CelType | undefined {
  if (!t) return undefined;
  switch (t.kind) {
    case "list":
      return t.elem;
    case "map":
      return t.key;
    case "optional":
      return t.elem;
    case "opaque":
      return t.params[0];
    case "type":
      return t.of;
    default:
      return undefined;
  }
}

/** The element of a list operand, with the path the size estimator knows it by. */
export function listElementNode(list: AstNode): AstNode | null {
  const p = firstParam(list.type);
  if (!p) return null;
  if (list.path) {
    const arr = list.path.arr.slice(0, list.path.len);
    arr.push("@items");
    return { path: { arr, len: arr.length, cap: arr.length }, type: p, expr: null, size: null };
  }
  return { path: null, type: p, expr: null, size: null };
}
