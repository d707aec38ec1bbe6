/** Builders of cel.expr.Expr proto nodes (as @bufbuild/cel-spec types them) for the parser and the macro expanders. */
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";

// Proto node helpers

export type ConstKind = Extract<Expr["exprKind"], { case: "constExpr" }>["value"]["constantKind"];
export type Expr_Entry = Extract<Expr["exprKind"], { case: "structExpr" }>["value"]["entries"][number];

export function constExpr(id: bigint, constantKind: ConstKind): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "constExpr", value: { $typeName: "cel.expr.Constant", constantKind } },
  } as Expr;
}
export function identExpr(id: bigint, name: string): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "identExpr", value: { $typeName: "cel.expr.Expr.Ident", name } },
  } as Expr;
}
export function selectExpr(id: bigint, operand: Expr, field: string, testOnly: boolean): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "selectExpr", value: { $typeName: "cel.expr.Expr.Select", operand, field, testOnly } },
  } as Expr;
}
export function callExpr(id: bigint, fn: string, target: Expr | undefined, args: Expr[]): Expr {
  const value = { $typeName: "cel.expr.Expr.Call", function: fn, args } as Record<string, unknown>;
  if (target) value["target"] = target;
  return { $typeName: "cel.expr.Expr", id, exprKind: { case: "callExpr", value } } as unknown as Expr;
}
export function listExpr(id: bigint, elements: Expr[], optionalIndices: number[]): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "listExpr", value: { $typeName: "cel.expr.Expr.CreateList", elements, optionalIndices } },
  } as Expr;
}
export function structExpr(id: bigint, messageName: string, entries: Expr_Entry[]): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "structExpr", value: { $typeName: "cel.expr.Expr.CreateStruct", messageName, entries } },
  } as Expr;
}
export function mapEntry(id: bigint, key: Expr, value: Expr, optional: boolean): Expr_Entry {
  return {
    $typeName: "cel.expr.Expr.CreateStruct.Entry",
    id,
    keyKind: { case: "mapKey", value: key },
    value,
    optionalEntry: optional,
  } as Expr_Entry;
}
export function fieldEntry(id: bigint, field: string, value: Expr, optional: boolean): Expr_Entry {
  return {
    $typeName: "cel.expr.Expr.CreateStruct.Entry",
    id,
    keyKind: { case: "fieldKey", value: field },
    value,
    optionalEntry: optional,
  } as Expr_Entry;
}
export function comprehensionExpr(
  id: bigint,
  iterRange: Expr,
  iterVar: string,
  iterVar2: string,
  accuVar: string,
  accuInit: Expr,
  loopCondition: Expr,
  loopStep: Expr,
  result: Expr,
): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: {
      case: "comprehensionExpr",
      value: {
        $typeName: "cel.expr.Expr.Comprehension",
        iterVar,
        iterVar2,
        iterRange,
        accuVar,
        accuInit,
        loopCondition,
        loopStep,
        result,
      },
    },
  } as Expr;
}

export function identName(e: Expr): string | null {
  return e.exprKind.case === "identExpr" ? e.exprKind.value.name : null;
}

export const TRUE_K: ConstKind = { case: "boolValue", value: true };
export const FALSE_K: ConstKind = { case: "boolValue", value: false };
