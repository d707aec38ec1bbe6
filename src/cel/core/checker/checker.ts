/**
 * CEL type checker following google/cel-go checker/checker.go and checker/types.go: overload
 * resolution with type parameters and substitution mappings, dyn/error assignability, optional
 * field selection, comprehension scopes (one and two iteration variables), homogeneous aggregate
 * literals, and cel-go's error messages and type formatting.
 *
 * The input AST is the parser's; like cel-go, the checker rewrites qualified identifiers
 * (`a.b.c` resolving to a declared name) into identifiers and namespaced member calls
 * (`optional.of(x)`, `sets.contains(a, b)`) into global calls, in place.
 */
import type { Expr, SourceInfo } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { CelType, CheckedAst, DeclType, Reference } from "../types.js";
import type { CelEnv, FunctionDecl, OverloadDecl } from "../env.js";
import type { CelIssue } from "../issues.js";
import { nodeOffset } from "../parser/parse.js";
import { validateDurationLiteral, validateRegexLiteral, validateTimestampLiteral } from "../literals.js";
import { CEL_RESERVED } from "../reserved.js";
import {
  BOOL,
  BYTES,
  DOUBLE,
  DYN,
  ERROR,
  INT,
  EMPTY_TYPE_MESSAGE,
  NULL,
  STRING,
  UINT,
  formatType,
  hasTypeParam,
  NodeIdMap,
  isEquivalentType,
  isExactType,
  isStructLikeLibraryType,
  listOf,
  mapOf,
  optionalOf,
  sameObject,
  typeName,
  typeParam,
  typeParams,
  type ObjectNamer,
} from "../typeutil.js";

export interface CheckOptions {
  /** Rule variables (`self`, `oldSelf`), resolved before the environment's global identifiers. */
  variables?: ReadonlyMap<string, CelType>;
  /** Display names of schema object types in messages. */
  objectNamer?: ObjectNamer;
  /** Whether to run the duration/timestamp/regex literal validators (defaults to env.literalValidators). */
  validators?: boolean;
  /** The interned reference objects to share (a compiler passes its own; a fresh set otherwise). */
  references?: ReferenceInterner;
}

export interface CheckResult {
  ast: CheckedAst;
  errors: CelIssue[];
}

// ---------------------------------------------------------------------------------------------
// Type substitution mapping with an undo log (cel-go copies the mapping on every assignability
// attempt; rolling back is equivalent and allocation-free on success).

class Mapping {
  readonly map = new Map<string, CelType>();
  private readonly log: [string, CelType | undefined][] = [];
  find(name: string): CelType | undefined {
    return this.map.get(name);
  }
  add(name: string, t: CelType): void {
    this.log.push([name, this.map.get(name)]);
    this.map.set(name, t);
  }
  mark(): number {
    return this.log.length;
  }
  commit(mark: number): void {
    this.log.length = mark;
  }
  rollback(mark: number): void {
    while (this.log.length > mark) {
      const [k, old] = this.log.pop()!;
      if (old === undefined) this.map.delete(k);
      else this.map.set(k, old);
    }
  }
}

function isDyn(t: CelType): boolean {
  return t.kind === "dyn";
}
function isDynOrError(t: CelType): boolean {
  return t.kind === "dyn" || t.kind === "error";
}

/** Kind as cel-go classifies it for assignability ("opaque" covers optional and library types). */
type AKind = "prim" | "dyn" | "error" | "null" | "typeParam" | "type" | "struct" | "opaque" | "list" | "map";
function akind(t: CelType): AKind {
  switch (t.kind) {
    case "dyn":
      return "dyn";
    case "error":
      return "error";
    case "null_type":
      return "null";
    case "typeParam":
      return "typeParam";
    case "type":
      return "type";
    case "object":
      return "struct";
    case "opaque":
      return isStructLikeLibraryType(t) ? "struct" : "opaque";
    case "optional":
      return "opaque";
    case "list":
      return "list";
    case "map":
      return "map";
    default:
      return "prim";
  }
}

/** cel-go Type.IsAssignableType for non-parameterised kinds (primitives, structs). */
function isAssignableTypeSimple(t1: CelType, t2: CelType): boolean {
  if (t1 === t2 || isDyn(t1)) return true;
  if (t1.kind !== t2.kind) return false;
  if (t1.kind === "object") return sameObject(t1, t2 as typeof t1);
  if (t1.kind === "opaque") return t1.name === (t2 as typeof t1).name && t1.params.length === 0;
  return true;
}

function isEqualOrLessSpecific(t1: CelType, t2: CelType): boolean {
  const k1 = t1.kind;
  const k2 = t2.kind;
  if (k1 === "dyn" || k1 === "typeParam") return true;
  if (k2 === "dyn" || k2 === "typeParam") return false;
  if (k1 !== k2) return false;
  switch (t1.kind) {
    case "opaque": {
      const b = t2 as typeof t1;
      if (t1.name !== b.name || t1.params.length !== b.params.length) return false;
      for (let i = 0; i < t1.params.length; i++) if (!isEqualOrLessSpecific(t1.params[i]!, b.params[i]!)) return false;
      return true;
    }
    case "optional":
      return isEqualOrLessSpecific(t1.elem, (t2 as typeof t1).elem);
    case "list":
      return isEqualOrLessSpecific(t1.elem, (t2 as typeof t1).elem);
    case "map":
      return (
        isEqualOrLessSpecific(t1.key, (t2 as typeof t1).key) && isEqualOrLessSpecific(t1.value, (t2 as typeof t1).value)
      );
    case "type":
      return true;
    default:
      return isExactType(t1, t2);
  }
}

function mostGeneral(t1: CelType, t2: CelType): CelType {
  return isEqualOrLessSpecific(t1, t2) ? t1 : t2;
}

function notReferencedIn(m: Mapping, t: CelType, within: CelType): boolean {
  if (isExactType(t, within)) return false;
  switch (within.kind) {
    case "typeParam": {
      const sub = m.find(within.name);
      if (!sub) return true;
      return notReferencedIn(m, t, sub);
    }
    case "opaque":
      for (const p of within.params) if (!notReferencedIn(m, t, p)) return false;
      return true;
    case "optional":
    case "list":
      return notReferencedIn(m, t, within.elem);
    case "map":
      return notReferencedIn(m, t, within.key) && notReferencedIn(m, t, within.value);
    case "type":
      return notReferencedIn(m, t, within.of);
    default:
      return true;
  }
}

/**
 * The type cel-go before v0.17 left on an undeclared member call: none (nil). It prints as `<nil>`, binds a free type
 * parameter, is assignable to dyn and error only, and null is not assignable to it.
 */
const UNTYPED: CelType = { kind: "opaque", name: "<nil>", params: [] };
const isUntyped = (t: CelType): boolean => t.kind === "opaque" && t.name === "<nil>";

/**
 * How cel-go before v0.17 printed a type in `does not support field selection`: the protobuf message's text
 * (`primitive:STRING`); undefined for a type whose text is not reproduced.
 */
function protoTypeText(t: CelType, namer: ObjectNamer | undefined): string | undefined {
  switch (t.kind) {
    case "bool":
    case "string":
    case "bytes":
    case "double":
      return `primitive:${t.kind.toUpperCase()}`;
    case "int":
    case "uint":
      return `primitive:${t.kind.toUpperCase()}64`;
    case "duration":
    case "timestamp":
      return `well_known:${t.kind.toUpperCase()}`;
    case "list": {
      const elem = protoTypeText(t.elem, namer);
      return elem === undefined ? undefined : `list_type:{elem_type:{${elem}}}`;
    }
    case "map": {
      const key = protoTypeText(t.key, namer);
      const value = protoTypeText(t.value, namer);
      return key === undefined || value === undefined
        ? undefined
        : `map_type:{key_type:{${key}} value_type:{${value}}}`;
    }
    case "object":
      return `message_type:${JSON.stringify(namer ? namer(t.decl) : t.name)}`;
    case "type": {
      const of = t.of === EMPTY_TYPE_MESSAGE ? "" : protoTypeText(t.of, namer);
      return of === undefined ? undefined : `type:{${of}}`;
    }
    default:
      return undefined;
  }
}

function internalIsAssignableNull(t: CelType): boolean {
  if (isUntyped(t)) return false;
  // isLegacyNullable: opaque, struct, any, duration, timestamp; or assignable from null.
  switch (t.kind) {
    case "opaque":
    case "optional":
    case "object":
    case "duration":
    case "timestamp":
    case "null_type":
    case "dyn":
      return true;
    default:
      return false;
  }
}

/** Returns [valid, hasSub] (cel-go isValidTypeSubstitution). */
function isValidTypeSubstitution(m: Mapping, t1: CelType, t2: CelType & { kind: "typeParam" }): [boolean, boolean] {
  if (t1.kind === "typeParam" && t1.name === t2.name) return [true, true];
  const t2Sub = m.find(t2.name);
  if (t2Sub) {
    if (t1.kind === t2Sub.kind && isExactType(t1, t2Sub)) return [true, true];
    if (internalIsAssignable(m, t1, t2Sub)) {
      const t2New = mostGeneral(t1, t2Sub);
      if (notReferencedIn(m, t2, t2New)) m.add(t2.name, t2New);
      return [true, true];
    }
    return [false, true];
  }
  if (notReferencedIn(m, t2, t1)) {
    m.add(t2.name, t1);
    return [true, false];
  }
  return [false, false];
}

/** cel-go internalIsAssignable: whether t1 is assignable to t2. */
function internalIsAssignable(m: Mapping, t1: CelType, t2: CelType): boolean {
  if (t2.kind === "typeParam") {
    const [valid, hasSub] = isValidTypeSubstitution(m, t1, t2);
    if (valid) return true;
    if (hasSub) return false;
  }
  if (t1.kind === "typeParam") {
    const [valid] = isValidTypeSubstitution(m, t2, t1);
    return valid;
  }
  if (isDynOrError(t1) || isDynOrError(t2)) return true;
  if (isUntyped(t1) || isUntyped(t2)) return false;
  if (t1.kind === "null_type") return internalIsAssignableNull(t2);
  if (t2.kind === "null_type") return internalIsAssignableNull(t1);
  const k1 = akind(t1);
  switch (k1) {
    case "prim":
    case "struct":
      return isAssignableTypeSimple(t1, t2);
    case "type":
      return t2.kind === "type";
    case "opaque":
    case "list":
    case "map": {
      if (akind(t2) !== k1 || typeName(t1) !== typeName(t2)) return false;
      const p1 = typeParams(t1);
      const p2 = typeParams(t2);
      if (p1.length !== p2.length) return false;
      for (let i = 0; i < p1.length; i++) if (!internalIsAssignable(m, p1[i]!, p2[i]!)) return false;
      return true;
    }
    default:
      return false;
  }
}

function substitute(m: Mapping, t: CelType, typeParamToDyn: boolean): CelType {
  switch (t.kind) {
    case "typeParam": {
      const sub = m.find(t.name);
      if (sub) return substitute(m, sub, typeParamToDyn);
      return typeParamToDyn ? DYN : t;
    }
    case "list": {
      const e = substitute(m, t.elem, typeParamToDyn);
      return e === t.elem ? t : listOf(e);
    }
    case "optional": {
      const e = substitute(m, t.elem, typeParamToDyn);
      return e === t.elem ? t : optionalOf(e);
    }
    case "map": {
      const k = substitute(m, t.key, typeParamToDyn);
      const v = substitute(m, t.value, typeParamToDyn);
      return k === t.key && v === t.value ? t : mapOf(k, v);
    }
    case "type": {
      const o = substitute(m, t.of, typeParamToDyn);
      return o === t.of ? t : { kind: "type", of: o };
    }
    case "opaque": {
      if (t.params.length === 0) return t;
      let changed = false;
      const ps = t.params.map((p) => {
        const s = substitute(m, p, typeParamToDyn);
        if (s !== p) changed = true;
        return s;
      });
      return changed ? { kind: "opaque", name: t.name, params: ps } : t;
    }
    default:
      return t;
  }
}

/** Replaces declared type parameters by fresh type variables. */
function instantiate(t: CelType, fresh: Map<string, CelType>): CelType {
  switch (t.kind) {
    case "typeParam":
      return fresh.get(t.name) ?? t;
    case "list":
      return listOf(instantiate(t.elem, fresh));
    case "optional":
      return optionalOf(instantiate(t.elem, fresh));
    case "map":
      return mapOf(instantiate(t.key, fresh), instantiate(t.value, fresh));
    case "type":
      return { kind: "type", of: instantiate(t.of, fresh) };
    case "opaque":
      return t.params.length === 0
        ? t
        : { kind: "opaque", name: t.name, params: t.params.map((p) => instantiate(p, fresh)) };
    default:
      return t;
  }
}

// ---------------------------------------------------------------------------------------------
// Shared, frozen reference objects (most calls bind a single overload; identifiers repeat).

const SELECT_OPTIONAL_FIELD_REF: Reference = Object.freeze({
  overloadIds: Object.freeze(["select_optional_field"]) as string[],
});

/** Interned reference objects; a compiler keeps one for all the expressions it checks. */
export class ReferenceInterner {
  private readonly singleOverload = new WeakMap<OverloadDecl, Reference>();
  private readonly idents = new Map<string, Reference>();

  overload(ov: OverloadDecl): Reference {
    let r = this.singleOverload.get(ov);
    if (!r) {
      r = Object.freeze({ overloadIds: Object.freeze([ov.id]) as string[] });
      this.singleOverload.set(ov, r);
    }
    return r;
  }

  ident(name: string): Reference {
    let r = this.idents.get(name);
    if (!r) {
      r = Object.freeze({ name });
      if (this.idents.size < 10_000) this.idents.set(name, r);
    }
    return r;
  }
}

interface Scope {
  name: string;
  type: CelType;
}

type ExprKindOf<C extends string> = Extract<Expr["exprKind"], { case: C }>["value"];

class Checker {
  readonly types = new NodeIdMap<CelType>();
  readonly references = new NodeIdMap<Reference>();
  readonly errors: CelIssue[] = [];
  /** Whether the AST has anything the AST validators look at (aggregate literals, literal-argument calls). */
  needsValidation = false;
  private readonly mappings = new Mapping();
  private freeTypeVarCounter = 0;
  private readonly scopes: Scope[] = [];
  private readonly sourceInfo: SourceInfo;

  constructor(
    private readonly env: CelEnv,
    private readonly variables: ReadonlyMap<string, CelType>,
    sourceInfo: SourceInfo,
    private readonly namer: ObjectNamer | undefined,
    private readonly refs: ReferenceInterner,
  ) {
    this.sourceInfo = sourceInfo;
  }

  fmt(t: CelType): string {
    return formatType(t, this.namer, this.env.optionalTypeName);
  }

  location(id: bigint): number {
    return nodeOffset(this.sourceInfo, id);
  }

  report(id: bigint, message: string): void {
    this.errors.push({ message, offset: this.location(id) });
  }

  setType(e: Expr, t: CelType): void {
    this.types.set(e.id, t);
  }
  getType(e: Expr): CelType {
    return this.types.get(e.id) ?? ERROR;
  }

  newTypeVar(): CelType {
    return typeParam(`_var${this.freeTypeVarCounter++}`);
  }

  isAssignable(t1: CelType, t2: CelType): boolean {
    const mark = this.mappings.mark();
    if (internalIsAssignable(this.mappings, t1, t2)) {
      this.mappings.commit(mark);
      return true;
    }
    this.mappings.rollback(mark);
    return false;
  }

  isAssignableList(l1: readonly CelType[], l2: readonly CelType[]): boolean {
    if (l1.length !== l2.length) return false;
    const mark = this.mappings.mark();
    for (let i = 0; i < l1.length; i++) {
      if (!internalIsAssignable(this.mappings, l1[i]!, l2[i]!)) {
        this.mappings.rollback(mark);
        return false;
      }
    }
    this.mappings.commit(mark);
    return true;
  }

  lookupIdent(name: string): { name: string; type: CelType } | null {
    if (name.startsWith(".")) {
      const n = name.slice(1);
      const v = this.variables.get(n) ?? this.env.idents.get(n);
      return v ? { name: n, type: v } : null;
    }
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i]!;
      if (s.name === name) return s;
    }
    const v = this.variables.get(name);
    if (v) return { name, type: v };
    const g = this.env.idents.get(name);
    if (g) return { name, type: g };
    return null;
  }

  lookupFunction(name: string): FunctionDecl | null {
    const n = name.startsWith(".") ? name.slice(1) : name;
    return this.env.functions.get(n) ?? null;
  }

  check(e: Expr | undefined): void {
    if (!e) return;
    const k = e.exprKind;
    switch (k.case) {
      case "constExpr": {
        const ck = k.value.constantKind;
        switch (ck.case) {
          case "boolValue":
            this.setType(e, BOOL);
            return;
          case "bytesValue":
            this.setType(e, BYTES);
            return;
          case "doubleValue":
            this.setType(e, DOUBLE);
            return;
          case "int64Value":
            this.setType(e, INT);
            return;
          case "nullValue":
            this.setType(e, NULL);
            return;
          case "stringValue":
            this.setType(e, STRING);
            return;
          case "uint64Value":
            this.setType(e, UINT);
            return;
          default:
            this.report(e.id, `unexpected literal type: ${String(ck.case)}`);
            this.setType(e, ERROR);
            return;
        }
      }
      case "identExpr":
        this.checkIdent(e, k.value.name);
        return;
      case "selectExpr":
        this.checkSelect(e, k.value);
        return;
      case "callExpr":
        this.checkCall(e, k.value);
        return;
      case "listExpr":
        this.checkCreateList(e, k.value);
        return;
      case "structExpr":
        if (k.value.messageName !== "") this.checkCreateMessage(e, k.value);
        else this.checkCreateMap(e, k.value);
        return;
      case "comprehensionExpr":
        this.checkComprehension(e, k.value);
        return;
      default:
        // Unspecified nodes only exist after parse errors; give them the error type.
        this.setType(e, ERROR);
        return;
    }
  }

  checkIdent(e: Expr, name: string): void {
    const ident = this.lookupIdent(name);
    if (ident) {
      this.setType(e, ident.type);
      this.references.set(e.id, this.refs.ident(ident.name));
      if (ident.name !== name) e.exprKind = identKind(ident.name);
      return;
    }
    this.setType(e, ERROR);
    this.report(e.id, `undeclared reference to '${name}' (in container '')`);
  }

  checkSelect(e: Expr, sel: ExprKindOf<"selectExpr">): void {
    const qname = toQualifiedName(e);
    if (qname !== null) {
      const ident = this.lookupIdent(qname);
      if (ident) {
        this.setType(e, ident.type);
        this.references.set(e.id, this.refs.ident(ident.name));
        e.exprKind = identKind(ident.name);
        return;
      }
    }
    let resultType = this.checkSelectField(e, sel.operand!, sel.field, false);
    if (sel.testOnly) resultType = BOOL;
    this.setType(e, substitute(this.mappings, resultType, false));
  }

  checkOptSelect(e: Expr, call: ExprKindOf<"callExpr">): void {
    if (call.args.length !== 2 || call.target) {
      const t = call.target ? " member call with" : "";
      this.report(
        e.id,
        `unsupported optional field selection: incorrect signature.${t} argument count: ${call.args.length}`,
      );
      return;
    }
    const operand = call.args[0]!;
    const field = call.args[1]!;
    if (field.exprKind.case !== "constExpr" || field.exprKind.value.constantKind.case !== "stringValue") {
      this.report(field.id, `unsupported optional field selection: ${field.id}`);
      return;
    }
    this.setType(field, STRING);
    const resultType = this.checkSelectField(e, operand, field.exprKind.value.constantKind.value, true);
    this.setType(e, substitute(this.mappings, resultType, false));
    this.references.set(e.id, SELECT_OPTIONAL_FIELD_REF);
  }

  checkSelectField(e: Expr, operand: Expr, field: string, optional: boolean): CelType {
    this.check(operand);
    const operandType = substitute(this.mappings, this.getType(operand), false);
    let targetType = operandType;
    let isOpt = false;
    if (operandType.kind === "optional") {
      targetType = operandType.elem;
      isOpt = true;
    }
    let resultType: CelType = ERROR;
    switch (targetType.kind) {
      case "map":
        resultType = targetType.value;
        break;
      case "object": {
        let f = targetType.decl.fields?.get(field);
        if (!f && this.env.recognizeKeywordAsFieldName && CEL_RESERVED.has(field)) {
          f = targetType.decl.fields?.get(`__${field}__`);
        }
        if (f) resultType = f.type.cel;
        else this.report(e.id, `undefined field '${field}'`);
        break;
      }
      case "typeParam":
        this.isAssignable(DYN, targetType);
        resultType = DYN;
        break;
      default:
        if (isStructLikeLibraryType(targetType)) {
          this.report(e.id, `unexpected failed resolution of '${typeName(targetType)}'`);
          resultType = ERROR;
          break;
        }
        if (!isDynOrError(targetType)) {
          const shown = this.env.protoTypeTexts ? protoTypeText(targetType, this.namer) : undefined;
          this.report(e.id, `type '${shown ?? this.fmt(targetType)}' does not support field selection`);
        }
        resultType = DYN;
    }
    if (isOpt || optional) return optionalOf(resultType);
    return resultType;
  }

  checkCall(e: Expr, call: ExprKindOf<"callExpr">): void {
    const fnName = call.function;
    if (fnName === "_?._") {
      this.checkOptSelect(e, call);
      return;
    }
    const args = call.args;
    for (const a of args) this.check(a);
    if ((fnName === "duration" || fnName === "timestamp" || fnName === "matches") && args.length > 0) {
      this.needsValidation = true;
    }
    if (!call.target) {
      const fn = this.lookupFunction(fnName);
      if (!fn) {
        this.report(e.id, `undeclared reference to '${fnName}' (in container '')`);
        this.setType(e, ERROR);
        return;
      }
      if (fn.name !== fnName) call.function = fn.name;
      this.resolveOverloadOrError(e, fn, undefined, args);
      return;
    }
    const target = call.target;
    const prefix = toQualifiedName(target);
    if (prefix !== null) {
      const fn = this.lookupFunction(`${prefix}.${fnName}`);
      if (fn) {
        e.exprKind = {
          case: "callExpr",
          value: { $typeName: "cel.expr.Expr.Call", function: fn.name, args },
        } as Expr["exprKind"];
        this.resolveOverloadOrError(e, fn, undefined, args);
        return;
      }
    }
    this.check(target);
    const fn = this.lookupFunction(fnName);
    if (fn) {
      this.resolveOverloadOrError(e, fn, target, args);
      return;
    }
    // cel-go before v0.17 left an undeclared member call without a type (nil), which no overload accepts.
    this.setType(e, this.env.untypedUndeclaredMemberCalls ? UNTYPED : ERROR);
    this.report(e.id, `undeclared reference to '${fnName}' (in container '')`);
  }

  resolveOverloadOrError(e: Expr, fn: FunctionDecl, target: Expr | undefined, args: readonly Expr[]): void {
    const r = this.resolveOverload(e, fn, target, args);
    if (!r) {
      this.setType(e, ERROR);
      return;
    }
    this.setType(e, r.type);
    this.references.set(e.id, r.ref);
  }

  resolveOverload(
    call: Expr,
    fn: FunctionDecl,
    target: Expr | undefined,
    args: readonly Expr[],
  ): { type: CelType; ref: Reference } | null {
    const argTypes: CelType[] = [];
    if (target) argTypes.push(this.getType(target));
    for (const a of args) argTypes.push(this.getType(a));
    let resultType: CelType | null = null;
    let ids: string[] | null = null;
    let first: OverloadDecl | null = null;
    for (const ov of fn.overloads) {
      if ((!target && ov.member) || (target && !ov.member)) continue;
      if ((fn.name === "_&&_" || fn.name === "_||_") && !this.env.logicalOperatorsAsOverloads) {
        let failed = false;
        for (let i = 0; i < argTypes.length; i++) {
          if (!this.isAssignable(argTypes[i]!, BOOL)) {
            this.report(args[i]!.id, `expected type 'bool' but found '${this.fmt(argTypes[i]!)}'`);
            failed = true;
          }
        }
        if (failed) return null;
        return { type: BOOL, ref: this.refs.overload(ov) };
      }
      let params = ov.args;
      let result = ov.result;
      if (ov.typeParams.length > 0) {
        const fresh = new Map<string, CelType>();
        for (const tp of ov.typeParams) fresh.set(tp, this.newTypeVar());
        params = params.map((p) => instantiate(p, fresh));
        result = instantiate(result, fresh);
      }
      if (this.isAssignableList(argTypes, params)) {
        if (!first) first = ov;
        else if (!ids) ids = [first.id, ov.id];
        else ids.push(ov.id);
        const fnResultType = substitute(this.mappings, result, false);
        if (resultType === null) resultType = fnResultType;
        else if (!isDyn(resultType) && !isExactType(fnResultType, resultType)) resultType = DYN;
      }
    }
    if (resultType === null || first === null) {
      const shown = argTypes.map((t) => substitute(this.mappings, t, true));
      this.report(
        call.id,
        `found no matching overload for '${fn.name}' applied to '${this.formatSignature(shown, !!target)}'`,
      );
      return null;
    }
    return { type: resultType, ref: ids ? { overloadIds: ids } : this.refs.overload(first) };
  }

  formatSignature(argTypes: CelType[], isInstance: boolean): string {
    let out = "";
    let rest = argTypes;
    if (isInstance) {
      out += this.fmt(argTypes[0]!) + ".";
      rest = argTypes.slice(1);
    }
    return `${out}(${rest.map((t) => this.fmt(t)).join(", ")})`;
  }

  checkCreateList(e: Expr, list: ExprKindOf<"listExpr">): void {
    if (list.elements.length > 1) this.needsValidation = true;
    let elemsType: CelType | null = null;
    const optionals = list.optionalIndices.length > 0 ? new Set(list.optionalIndices) : null;
    for (let i = 0; i < list.elements.length; i++) {
      const el = list.elements[i]!;
      this.check(el);
      let elemType = this.getType(el);
      if (optionals?.has(i)) {
        if (elemType.kind === "optional") elemType = elemType.elem;
        else if (!isDyn(elemType))
          this.report(el.id, `expected type '${this.fmt(optionalOf(elemType))}' but found '${this.fmt(elemType)}'`);
      }
      elemsType = this.joinTypes(el, elemsType, elemType);
    }
    elemsType ??= this.newTypeVar();
    this.setType(e, listOf(elemsType));
  }

  checkCreateMap(e: Expr, m: ExprKindOf<"structExpr">): void {
    if (m.entries.length > 1) this.needsValidation = true;
    let keyType: CelType | null = null;
    let valueType: CelType | null = null;
    for (const entry of m.entries) {
      if (entry.keyKind.case !== "mapKey") continue;
      const key = entry.keyKind.value;
      this.check(key);
      keyType = this.joinTypes(key, keyType, this.getType(key));
      const val = entry.value!;
      this.check(val);
      let valType = this.getType(val);
      if (entry.optionalEntry) {
        if (valType.kind === "optional") valType = valType.elem;
        else if (!isDyn(valType))
          this.report(val.id, `expected type '${this.fmt(optionalOf(valType))}' but found '${this.fmt(valType)}'`);
      }
      valueType = this.joinTypes(val, valueType, valType);
    }
    if (keyType === null || valueType === null) {
      keyType = this.newTypeVar();
      valueType = this.newTypeVar();
    }
    this.setType(e, mapOf(keyType, valueType));
  }

  checkCreateMessage(e: Expr, msg: ExprKindOf<"structExpr">): void {
    const ident = this.lookupIdent(msg.messageName);
    if (!ident) {
      this.report(e.id, `undeclared reference to '${msg.messageName}' (in container '')`);
      this.setType(e, ERROR);
      return;
    }
    this.references.set(e.id, { name: ident.name });
    let resultType: CelType = ERROR;
    if (ident.type.kind !== "error") {
      if (ident.type.kind !== "type") {
        this.report(e.id, `'${this.fmt(ident.type)}' is not a type`);
      } else {
        const target = ident.type.of;
        if (target.kind === "object") resultType = target;
        else this.report(e.id, `'${this.fmt(target)}' is not a message type`);
      }
    }
    this.setType(e, resultType);
    for (const f of msg.entries) {
      const value = f.value!;
      this.check(value);
      if (resultType.kind !== "object" || f.keyKind.case !== "fieldKey") continue;
      const field = resultType.decl.fields?.get(f.keyKind.value);
      if (!field) {
        this.report(f.id, `undefined field '${f.keyKind.value}'`);
        continue;
      }
      let valType = this.getType(value);
      if (f.optionalEntry && valType.kind === "optional") valType = valType.elem;
      if (!this.isAssignable(field.type.cel, valType)) {
        this.report(
          f.id,
          `expected type of field '${f.keyKind.value}' is '${this.fmt(field.type.cel)}' but provided type is '${this.fmt(valType)}'`,
        );
      }
    }
  }

  checkComprehension(e: Expr, comp: ExprKindOf<"comprehensionExpr">): void {
    const iterRange = comp.iterRange!;
    this.check(iterRange);
    this.check(comp.accuInit);
    const rangeType = substitute(this.mappings, this.getType(iterRange), false);
    const accuType = this.getType(comp.accuInit!);
    this.scopes.push({ name: comp.accuVar, type: accuType });
    const hasVar2 = comp.iterVar2 !== "";
    let varType: CelType;
    let var2Type: CelType | null = null;
    switch (rangeType.kind) {
      case "list":
        varType = rangeType.elem;
        if (hasVar2) {
          var2Type = varType;
          varType = INT;
        }
        break;
      case "map":
        varType = rangeType.key;
        if (hasVar2) var2Type = rangeType.value;
        break;
      case "dyn":
      case "error":
      case "typeParam":
        this.isAssignable(DYN, rangeType);
        varType = DYN;
        if (hasVar2) var2Type = DYN;
        break;
      default:
        this.report(
          iterRange.id,
          `expression of type '${this.fmt(rangeType)}' cannot be range of a comprehension (must be list, map, or dynamic)`,
        );
        varType = ERROR;
        if (hasVar2) var2Type = ERROR;
    }
    const depth = this.scopes.length;
    this.scopes.push({ name: comp.iterVar, type: varType });
    if (hasVar2) this.scopes.push({ name: comp.iterVar2, type: var2Type! });
    this.check(comp.loopCondition);
    this.assertType(comp.loopCondition!, BOOL);
    this.check(comp.loopStep);
    this.assertType(comp.loopStep!, accuType);
    this.scopes.length = depth;
    this.check(comp.result);
    this.scopes.length = depth - 1;
    this.setType(e, substitute(this.mappings, this.getType(comp.result!), false));
  }

  /**
   * Element type of aggregate literals. Kubernetes enables cel.HomogeneousAggregateLiterals(), which
   * cel-go implements as an AST validator (run after checking); the checker itself joins mixed
   * element types to dyn.
   */
  joinTypes(_e: Expr, previous: CelType | null, current: CelType): CelType {
    if (previous === null) return current;
    if (this.isAssignable(previous, current)) return mostGeneral(previous, current);
    return DYN;
  }

  assertType(e: Expr, t: CelType): void {
    if (!this.isAssignable(t, this.getType(e))) {
      this.report(e.id, `expected type '${this.fmt(t)}' but found '${this.fmt(this.getType(e))}'`);
    }
  }

  finish(): void {
    const m = this.mappings;
    if (m.map.size === 0) {
      this.types.mapValues((t) => (t.kind === "typeParam" || hasTypeParam(t) ? substitute(m, t, true) : t));
    } else {
      this.types.mapValues((t) => substitute(m, t, true));
    }
  }
}

function identKind(name: string): Expr["exprKind"] {
  return { case: "identExpr", value: { $typeName: "cel.expr.Expr.Ident", name } } as Expr["exprKind"];
}

/** cel-go containers.ToQualifiedName. */
function toQualifiedName(e: Expr): string | null {
  const k = e.exprKind;
  if (k.case === "identExpr") return k.value.name;
  if (k.case === "selectExpr") {
    if (k.value.testOnly) return null;
    const op = toQualifiedName(k.value.operand!);
    if (op === null) return null;
    return `${op}.${k.value.field}`;
  }
  return null;
}

/**
 * Type-checks a parsed expression. `ast` is mutated in place where cel-go rewrites the AST
 * (qualified identifiers and namespaced function calls).
 */
export function check(
  ast: { expr: Expr; sourceInfo: SourceInfo },
  env: CelEnv,
  options: CheckOptions = {},
): CheckResult {
  const checker = new Checker(
    env,
    options.variables ?? EMPTY_VARS,
    ast.sourceInfo,
    options.objectNamer,
    options.references ?? new ReferenceInterner(),
  );
  checker.check(ast.expr);
  checker.finish();
  const checked: CheckedAst = {
    expr: ast.expr,
    sourceInfo: ast.sourceInfo,
    types: checker.types,
    references: checker.references,
  };
  const errors = checker.errors;
  // The flags are read only when there is something to validate (a range run shares the checks that do not).
  if (errors.length === 0 && checker.needsValidation) {
    const literals = options.validators ?? env.literalValidators;
    if (literals || env.homogeneousAggregateLiterals)
      validate(checked, checker, literals, env.homogeneousAggregateLiterals);
  }
  return { ast: checked, errors };
}

const EMPTY_VARS: ReadonlyMap<string, CelType> = new Map();

// ---------------------------------------------------------------------------------------------
// AST validators (cel-go cel/validator.go): duration, timestamp and regex literals, homogeneous
// aggregate literals. Run only when type-checking succeeded.

function validate(ast: CheckedAst, checker: Checker, literals: boolean, homogeneous: boolean): void {
  const walk = (e: Expr | undefined, parents: Expr[]): void => {
    if (!e) return;
    const k = e.exprKind;
    switch (k.case) {
      case "callExpr": {
        const fn = k.value.function;
        const a0 = k.value.args[0];
        if (literals && a0 && a0.exprKind.case === "constExpr") {
          const c = a0.exprKind.value.constantKind;
          if (fn === "duration" && !validateDurationLiteral(c)) checker.report(a0.id, "invalid duration argument");
          else if (fn === "timestamp" && !validateTimestampLiteral(c))
            checker.report(a0.id, "invalid timestamp argument");
          else if (fn === "matches" && !validateRegexLiteral(c)) checker.report(a0.id, "invalid matches argument");
        }
        parents.push(e);
        if (k.value.target) walk(k.value.target, parents);
        for (const a of k.value.args) walk(a, parents);
        parents.pop();
        return;
      }
      case "selectExpr":
        parents.push(e);
        walk(k.value.operand, parents);
        parents.pop();
        return;
      case "listExpr": {
        if (homogeneous && !inExemptFunction(parents)) {
          const opt = new Set(k.value.optionalIndices);
          let elemType: CelType | null = null;
          for (let i = 0; i < k.value.elements.length; i++) {
            const el = k.value.elements[i]!;
            let et = ast.types.get(el.id) ?? DYN;
            if (opt.has(i) && et.kind === "optional") et = et.elem;
            if (elemType === null) {
              elemType = et;
              continue;
            }
            if (!isEquivalentType(elemType, et)) {
              checker.report(el.id, `expected type '${checker.fmt(elemType)}' but found '${checker.fmt(et)}'`);
              break;
            }
          }
        }
        parents.push(e);
        for (const el of k.value.elements) walk(el, parents);
        parents.pop();
        return;
      }
      case "structExpr": {
        if (homogeneous && k.value.messageName === "" && !inExemptFunction(parents)) {
          let keyType: CelType | null = null;
          let valType: CelType | null = null;
          for (const en of k.value.entries) {
            if (en.keyKind.case !== "mapKey") continue;
            const key = en.keyKind.value;
            const kt = ast.types.get(key.id) ?? DYN;
            let vt = ast.types.get(en.value!.id) ?? DYN;
            if (en.optionalEntry && vt.kind === "optional") vt = vt.elem;
            if (keyType === null || valType === null) {
              keyType = kt;
              valType = vt;
              continue;
            }
            if (!isEquivalentType(keyType, kt)) {
              checker.report(key.id, `expected type '${checker.fmt(keyType)}' but found '${checker.fmt(kt)}'`);
            }
            if (!isEquivalentType(valType, vt)) {
              checker.report(en.value!.id, `expected type '${checker.fmt(valType)}' but found '${checker.fmt(vt)}'`);
            }
          }
        }
        parents.push(e);
        for (const en of k.value.entries) {
          if (en.keyKind.case === "mapKey") walk(en.keyKind.value, parents);
          walk(en.value, parents);
        }
        parents.pop();
        return;
      }
      case "comprehensionExpr": {
        const c = k.value;
        parents.push(e);
        walk(c.iterRange, parents);
        walk(c.accuInit, parents);
        walk(c.loopCondition, parents);
        walk(c.loopStep, parents);
        walk(c.result, parents);
        parents.pop();
        return;
      }
      default:
        return;
    }
  };
  walk(ast.expr, []);
}

/** Literals directly (or through nested list/map literals) inside a `format` call are exempt. */
function inExemptFunction(parents: Expr[]): boolean {
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i]!;
    const k = p.exprKind.case;
    if (k === "callExpr") return (p.exprKind.value as ExprKindOf<"callExpr">).function === "format";
    if (k === "listExpr" || k === "structExpr") continue;
    return false;
  }
  return false;
}

export type { OverloadDecl };
export type { DeclType };
