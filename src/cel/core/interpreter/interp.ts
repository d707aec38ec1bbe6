/**
 * Evaluation of a checked CEL AST with cel-go's runtime cost tracking.
 *
 * The walk mirrors how cel-go plans a program with OptOptimize and OptTrackCost (what the apiserver uses for CRD
 * rules) so that the cost observer sees the same steps: an attribute (identifier plus select/index qualifiers)
 * costs 1 plus 1 per qualifier; a presence test costs 1 (2 where presence tests have a cost) plus the operand's
 * qualifiers; constants, literal lists
 * and maps of constants (folded by OptOptimize), `&&`, `||`, `?:` and comprehension folds cost nothing by
 * themselves; list/map literals otherwise cost 10/30; every function call costs what the Kubernetes library's
 * CallCost or cel-go's default costCall says. The per-call limit is checked after every step.
 */
// Upstream: google/cel-go:interpreter/runtimecost.go (CostObserver, costCall), interpreter/planner.go, interpreter/decorators.go (decOptimize)
// Upstream: kubernetes/apiserver:pkg/cel/library/cost.go (CostEstimator.CallCost)
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { CheckedAst } from "../types.js";
import type { CelEnv } from "../env.js";
import {
  CelErr,
  CostLimitExceeded,
  GoPanic,
  isErr,
  ListV,
  MapV,
  ObjectV,
  OptionalV,
  TypeV,
  UintV,
  mapKeyString,
  celEquals,
  typeNameOf,
  goCelTypeName,
  type Result,
  type Val,
} from "./values.js";
import type { FunctionRegistry } from "./functions.js";

export interface Activation {
  lookup(name: string): Result | undefined;
}

export interface EvalOutcome {
  value: Result;
  cost: number;
  /** The per-call limit was exceeded (value is then the cancellation error). */
  cancelled: boolean;
  /** How many presence tests ran (their cost is the release's: a caller may need to know what it would be else). */
  presenceTests: number;
  /** A crdlint runtime defect (an unexpected exception), not an apiserver outcome. */
  internal?: string;
}

class Scope implements Activation {
  constructor(
    private readonly parent: Activation,
    private readonly name: string,
    public value: Result,
  ) {}
  lookup(name: string): Result | undefined {
    return name === this.name ? this.value : this.parent.lookup(name);
  }
}

const NO_SUCH_OVERLOAD = "no such overload";

export class Interpreter {
  private cost = 0;
  private presenceTests = 0;
  constructor(
    private readonly ast: CheckedAst,
    private readonly env: CelEnv,
    private readonly fns: FunctionRegistry,
    private readonly limit: number,
    /** cel.OptOptimize (the apiserver's setting): constant folding of literals, conversions and `in` constant lists. */
    private readonly optimize = true,
  ) {}

  run(act: Activation): EvalOutcome {
    this.cost = 0;
    this.presenceTests = 0;
    try {
      const value = this.eval(this.ast.expr, act);
      return { value, cost: this.cost, cancelled: false, presenceTests: this.presenceTests };
    } catch (e) {
      const presenceTests = this.presenceTests;
      if (e instanceof CostLimitExceeded)
        return { value: new CelErr(e.message), cost: this.cost, cancelled: true, presenceTests };
      if (e instanceof GoPanic)
        return { value: new CelErr(`internal error: ${e.message}`), cost: this.cost, cancelled: false, presenceTests };
      // never let a runtime defect crash the caller: report it as internal, apart from CEL outcomes
      const msg = e instanceof Error ? e.message : String(e);
      return { value: new CelErr(msg), cost: this.cost, cancelled: false, internal: msg, presenceTests };
    }
  }

  private charge(n: number): void {
    this.cost += n;
    if (this.cost > this.limit) throw new CostLimitExceeded();
  }

  /** An expression cel-go plans as an attribute (identifier, select/index chains, conditionals). */
  private isAttribute(e: Expr): boolean {
    switch (e.exprKind.case) {
      case "identExpr":
        return !this.isTypeIdent(e);
      case "selectExpr":
        return !e.exprKind.value.testOnly;
      case "callExpr": {
        const f = e.exprKind.value.function;
        return f === "_[_]" || f === "_[?_]" || f === "_?._" || f === "_?_:_";
      }
      default:
        return false;
    }
  }

  private isTypeIdent(e: Expr): boolean {
    if (e.exprKind.case !== "identExpr") return false;
    const t = this.ast.types.get(e.id);
    return t?.kind === "type";
  }

  eval(e: Expr, act: Activation): Result {
    switch (e.exprKind.case) {
      case "constExpr":
        return this.constant(e);
      case "identExpr":
        return this.attribute(e, act, true);
      case "selectExpr":
        if (e.exprKind.value.testOnly) return this.presence(e, act);
        return this.attribute(e, act, true);
      case "callExpr": {
        const f = e.exprKind.value.function;
        if (f === "_[_]" || f === "_[?_]" || f === "_?._" || f === "_?_:_") return this.attribute(e, act, true);
        return this.call(e, act);
      }
      case "listExpr":
        return this.list(e, act);
      case "structExpr":
        return this.map(e, act);
      case "comprehensionExpr":
        return this.fold(e, act);
      default:
        return new CelErr("invalid expression");
    }
  }

  private constant(e: Expr): Result {
    if (e.exprKind.case !== "constExpr") return null;
    const c = e.exprKind.value.constantKind;
    switch (c.case) {
      case "nullValue":
        return null;
      case "boolValue":
        return c.value;
      case "int64Value":
        return c.value;
      case "uint64Value":
        return new UintV(c.value);
      case "doubleValue":
        return c.value;
      case "stringValue":
        return c.value;
      case "bytesValue":
        return c.value;
      default:
        return new CelErr("unsupported constant");
    }
  }

  /** Whether an expression is a constant after OptOptimize folding (constants, literal lists/maps of constants). */
  private isConstant(e: Expr): boolean {
    if (!this.optimize) return e.exprKind.case === "constExpr";
    switch (e.exprKind.case) {
      case "constExpr":
        return true;
      case "listExpr":
        return (
          e.exprKind.value.optionalIndices.length === 0 && e.exprKind.value.elements.every((x) => this.isConstant(x))
        );
      case "structExpr":
        return (
          e.exprKind.value.messageName === "" &&
          e.exprKind.value.entries.every(
            (en) =>
              !en.optionalEntry &&
              en.keyKind.case === "mapKey" &&
              this.isConstant(en.keyKind.value) &&
              en.value !== undefined &&
              this.isConstant(en.value),
          )
        );
      case "callExpr": {
        // maybeOptimizeConstUnary: type conversions of a constant are folded
        const c = e.exprKind.value;
        return (
          c.target === undefined && c.args.length === 1 && CONVERSIONS.has(c.function) && this.isConstant(c.args[0]!)
        );
      }
      default:
        return false;
    }
  }

  /**
   * An attribute: its base (identifier, or a relative operand) and its qualifiers. `chargeBase` is false when the
   * attribute is used as an index qualifier or as a presence test's operand (cel-go resolves it without Eval).
   */
  private attribute(e: Expr, act: Activation, chargeBase: boolean): Result {
    switch (e.exprKind.case) {
      case "identExpr": {
        const name = e.exprKind.value.name;
        if (this.isTypeIdent(e)) return new TypeV(typeIdentName(name));
        const v = act.lookup(name);
        if (chargeBase) this.charge(1);
        if (v === undefined) return new CelErr(`no such attribute(s): ${name}`);
        return v;
      }
      case "selectExpr": {
        const sel = e.exprKind.value;
        const operand = this.operandOf(sel.operand!, act, chargeBase);
        this.charge(1);
        return selectField(operand, sel.field);
      }
      case "callExpr": {
        const c = e.exprKind.value;
        if (c.function === "_?_:_") {
          const cond = this.eval(c.args[0]!, act);
          if (isErr(cond)) return cond;
          if (typeof cond !== "boolean") return new CelErr(NO_SUCH_OVERLOAD);
          // the branches are resolved, not evaluated: an attribute branch costs only its qualifiers
          const branch = c.args[cond ? 1 : 2]!;
          return this.isAttribute(branch) ? this.attribute(branch, act, false) : this.eval(branch, act);
        }
        const operand = this.operandOf(c.args[0]!, act, chargeBase);
        const idxExpr = c.args[1]!;
        let idx: Result;
        if (idxExpr.exprKind.case === "constExpr") idx = this.constant(idxExpr);
        else if (this.isAttribute(idxExpr)) idx = this.attribute(idxExpr, act, false);
        // any other index is a relative attribute qualifier: its expression is evaluated (and observed), the
        // qualifier itself is charged once below
        else idx = this.eval(idxExpr, act);
        this.charge(1);
        if (c.function === "_?._") return optSelect(operand, idx);
        // cel-go qualifies any list that is not written as a literal right there through refQualify, whose error is
        // "index out of bounds" (a split() result indexed by a constant, found by openshift/api's suites).
        const written = c.args[0]!.exprKind.case === "listExpr";
        return index(operand, idx, c.function === "_[?_]", written);
      }
      default: {
        const v = this.eval(e, act);
        if (chargeBase) this.charge(1);
        return v;
      }
    }
  }

  /** The operand of a qualifier: an attribute continues the chain; any other expression becomes a relative attribute. */
  private operandOf(op: Expr, act: Activation, chargeBase: boolean): Result {
    if (this.isAttribute(op)) return this.attribute(op, act, chargeBase);
    const v = this.eval(op, act);
    if (chargeBase) this.charge(1);
    return v;
  }

  private presence(e: Expr, act: Activation): Result {
    if (e.exprKind.case !== "selectExpr") return null;
    const sel = e.exprKind.value;
    const op = sel.operand!;
    const operand = this.isAttribute(op) ? this.attribute(op, act, false) : this.eval(op, act);
    // the test step's own SelectAndIdentCost, which the tracker takes back when presence tests are free
    this.presenceTests++;
    this.charge(this.env.presenceTestHasCost ? 2 : 1);
    if (isErr(operand)) return operand;
    if (operand instanceof ObjectV || operand instanceof MapV) return present(operand, sel.field);
    if (operand instanceof OptionalV) {
      if (!operand.hasValue) return false;
      const inner = operand.value!;
      if (inner instanceof ObjectV || inner instanceof MapV) return present(inner, sel.field);
    }
    return new CelErr(NO_SUCH_OVERLOAD);
  }

  private list(e: Expr, act: Activation): Result {
    if (e.exprKind.case !== "listExpr") return null;
    const l = e.exprKind.value;
    const folded = this.isConstant(e);
    const opt = new Set(l.optionalIndices);
    const out: Val[] = [];
    let err: CelErr | undefined;
    for (let i = 0; i < l.elements.length; i++) {
      const v = this.eval(l.elements[i]!, act);
      if (isErr(v)) {
        err ??= v;
        continue;
      }
      if (opt.has(i)) {
        if (!(v instanceof OptionalV)) {
          err ??= new CelErr(`cannot initialize optional list element from non-optional value ${String(v)}`);
          continue;
        }
        if (v.hasValue) out.push(v.value! as Val);
        continue;
      }
      out.push(v);
    }
    if (!folded) this.charge(10);
    if (err) return err;
    return ListV.of(out);
  }

  private map(e: Expr, act: Activation): Result {
    if (e.exprKind.case !== "structExpr") return null;
    const s = e.exprKind.value;
    if (s.messageName !== "") return new CelErr(`unknown type: ${s.messageName}`);
    const folded = this.isConstant(e);
    const entries = new Map<string, [Val, Result]>();
    let err: CelErr | undefined;
    for (const en of s.entries) {
      if (en.keyKind.case !== "mapKey") continue;
      const k = this.eval(en.keyKind.value, act);
      const v = this.eval(en.value!, act);
      if (isErr(k)) {
        err ??= k;
        continue;
      }
      if (isErr(v)) {
        err ??= v;
        continue;
      }
      const ks = mapKeyString(k);
      if (ks === null) {
        err ??= new CelErr(`unsupported key type: ${typeNameOf(k)}`);
        continue;
      }
      if (en.optionalEntry) {
        if (!(v instanceof OptionalV)) {
          err ??= new CelErr(`cannot initialize optional entry '${String(k)}' from non-optional value ${String(v)}`);
          continue;
        }
        if (!v.hasValue) continue;
        if (entries.has(ks)) {
          err ??= new CelErr(`insert failed: key ${String(k)} already exists`);
          continue;
        }
        entries.set(ks, [k, v.value!]);
        continue;
      }
      if (entries.has(ks)) {
        err ??= new CelErr(`insert failed: key ${String(k)} already exists`);
        continue;
      }
      entries.set(ks, [k, v]);
    }
    if (!folded) this.charge(30);
    if (err) return err;
    return MapV.of(entries);
  }

  private fold(e: Expr, act: Activation): Result {
    if (e.exprKind.case !== "comprehensionExpr") return null;
    const c = e.exprKind.value;
    const range = this.eval(c.iterRange!, act);
    if (isErr(range)) return range;
    const accuInit = this.eval(c.accuInit!, act);
    const accu = new Scope(act, c.accuVar, accuInit);
    const two = c.iterVar2 !== "";
    let items: [Result, Result][];
    if (range instanceof ListV) {
      items = [];
      for (let i = 0; i < range.size; i++) items.push(two ? [BigInt(i), range.get(i)] : [range.get(i), null]);
    } else if (range instanceof MapV) {
      items = range.keys().map((k) => [k, two ? range.get(k)! : null]);
    } else if (range instanceof ObjectV) {
      items = range.presentFields().map((f) => [f.name, two ? f.value : null]);
    } else {
      // cel-go's evalFold: types.ValOrErr(foldRange, "got '%T', expected iterable type") with the Go type of the value.
      return new CelErr(`got '${goCelTypeName(range)}', expected iterable type`);
    }
    for (const [k, v] of items) {
      let iter: Activation = new Scope(accu, c.iterVar, k);
      if (two) iter = new Scope(iter, c.iterVar2, v);
      const cond = this.eval(c.loopCondition!, iter);
      if (cond === false) break;
      if (isErr(cond) || typeof cond !== "boolean") {
        // cel-go: a non-bool loop condition ends the fold with that error
        return isErr(cond) ? cond : new CelErr(NO_SUCH_OVERLOAD);
      }
      accu.value = this.eval(c.loopStep!, iter);
    }
    return this.eval(c.result!, accu);
  }

  private call(e: Expr, act: Activation): Result {
    if (e.exprKind.case !== "callExpr") return null;
    const c = e.exprKind.value;
    const fn = c.function;
    if (fn === "_&&_" || fn === "_||_") return this.logical(fn === "_&&_", c.args, act);
    // OptOptimize: a conversion of a constant is folded at plan time (no cost)
    if (
      this.optimize &&
      c.target === undefined &&
      c.args.length === 1 &&
      CONVERSIONS.has(fn) &&
      this.isConstant(c.args[0]!)
    ) {
      const saved = this.cost;
      const r = this.invoke(e, fn, [this.eval(c.args[0]!, act)]);
      this.cost = saved;
      return r.value;
    }
    // OptOptimize: `x in [constants]` becomes a set membership test (no call cost)
    if (
      this.optimize &&
      fn === "@in" &&
      this.isConstant(c.args[1]!) &&
      c.args[1]!.exprKind.case === "listExpr" &&
      constantPrimitives(c.args[1]!)
    ) {
      // an empty constant list folds to false without evaluating the left side
      if (c.args[1]!.exprKind.case === "listExpr" && c.args[1]!.exprKind.value.elements.length === 0) return false;
      const lhs = this.eval(c.args[0]!, act);
      if (isErr(lhs)) return lhs;
      const list = this.eval(c.args[1]!, act) as ListV;
      for (const x of list) if (celEquals(lhs, x) === true) return true;
      return false;
    }
    const argExprs = c.target ? [c.target, ...c.args] : c.args;
    const args: Result[] = [];
    for (const a of argExprs) {
      const v = this.eval(a, act);
      args.push(v);
      // cel-go's evalVarArgs (3+ arguments) stops at the first error: the later arguments are never evaluated and
      // the cost observer, not finding them, charges nothing for the call
      if (isErr(v) && argExprs.length > 2) return v;
    }
    const r = this.invoke(e, fn, args);
    this.charge(r.cost);
    return r.value;
  }

  /**
   * Calls the overload that matches the arguments. Unary and binary calls are charged even when an argument is an
   * error (cel-go evaluates both operands, then returns the error; the observer still costs the call with the error
   * as a size-1 argument). A call the checker bound to several overloads has no single overload id at runtime.
   */
  private invoke(e: Expr, fn: string, args: Result[]): { value: Result; cost: number } {
    const ids = this.ast.references.get(e.id)?.overloadIds ?? [];
    const costId = ids.length === 1 ? ids[0]! : "";
    const firstErr = args.find(isErr);
    if (firstErr) {
      // The comprehension's @not_strictly_false is non-strict in cel-go (OverloadIsNonStrict): an error is not
      // strictly false, so the fold goes on, and a later false step of `all` (or true of `exists`) absorbs it.
      if (fn === NOT_STRICTLY_FALSE) return { value: true, cost: this.fns.callCost(fn, costId, args as Val[], true) };
      return { value: firstErr, cost: this.fns.callCost(fn, costId, args as Val[], firstErr) };
    }
    const vals = args as Val[];
    for (const id of ids) {
      const impl = this.fns.resolve(id, vals);
      if (!impl) continue;
      const value = impl(vals);
      return { value, cost: this.fns.callCost(fn, ids.length === 1 ? id : costId, vals, value) };
    }
    const value = new CelErr(NO_SUCH_OVERLOAD);
    return { value, cost: this.fns.callCost(fn, costId, vals, value) };
  }

  private logical(and: boolean, args: Expr[], act: Activation): Result {
    let err: Result | undefined;
    for (const a of args) {
      const v = this.eval(a, act);
      if (typeof v === "boolean") {
        if (v !== and) return v;
        continue;
      }
      if (err === undefined) err = isErr(v) ? v : new CelErr(NO_SUCH_OVERLOAD);
    }
    return err ?? and;
  }

  get environment(): CelEnv {
    return this.env;
  }
}

const NOT_STRICTLY_FALSE = "@not_strictly_false";

/** maybeOptimizeSetMembership applies to constant lists of primitive, non-bytes values only. */
function constantPrimitives(list: Expr): boolean {
  if (list.exprKind.case !== "listExpr") return false;
  if (list.exprKind.value.elements.length === 0) return true;
  return list.exprKind.value.elements.every(
    (x) =>
      x.exprKind.case === "constExpr" &&
      x.exprKind.value.constantKind.case !== "bytesValue" &&
      x.exprKind.value.constantKind.case !== "nullValue",
  );
}

const CONVERSIONS = new Set([
  "int",
  "uint",
  "double",
  "string",
  "bytes",
  "bool",
  "duration",
  "timestamp",
  "dyn",
  "type",
]);

function typeIdentName(name: string): string {
  return name;
}

/** Field selection on objects and maps (cel-go: "no such key: <field>"). */
function selectField(operand: Result, field: string): Result {
  if (isErr(operand)) return operand;
  if (operand instanceof ObjectV) {
    const v = operand.get(field);
    return v === undefined ? new CelErr(`no such key: ${field}`) : v;
  }
  if (operand instanceof MapV) {
    const v = operand.get(field);
    return v === undefined ? new CelErr(`no such key: ${field}`) : v;
  }
  if (operand instanceof OptionalV) {
    if (!operand.hasValue) return operand;
    const inner = selectField(operand.value!, field);
    return isErr(inner) ? new OptionalV(undefined) : new OptionalV(inner);
  }
  return new CelErr(`no such key: ${field}`);
}

function optSelect(operand: Result, field: Result): Result {
  if (isErr(operand)) return operand;
  if (isErr(field)) return field;
  let base: Result = operand;
  if (base instanceof OptionalV) {
    if (!base.hasValue) return base;
    base = base.value!;
  }
  if (typeof field !== "string") return new CelErr(NO_SUCH_OVERLOAD);
  if (base instanceof ObjectV) {
    const v = base.get(field);
    return new OptionalV(v === undefined || isErr(v) ? undefined : v);
  }
  if (base instanceof MapV) {
    const v = base.get(field);
    return new OptionalV(v === undefined || isErr(v) ? undefined : v);
  }
  return new CelErr(NO_SUCH_OVERLOAD);
}

function toIndex(idx: Val): number | CelErr {
  if (typeof idx === "bigint") return Number(idx);
  if (idx instanceof UintV) return Number(idx.v);
  if (typeof idx === "number") {
    if (Number.isInteger(idx)) return idx;
    return new CelErr(`unsupported index value ${idx} in list`);
  }
  return new CelErr(`unsupported index type '${typeNameOf(idx)}' in list`);
}

/** `_[_]` and `_[?_]` on lists, maps and objects, optionals included. */
export function index(operand: Result, idx: Result, optional: boolean, writtenList = true): Result {
  if (isErr(operand)) return operand;
  if (isErr(idx)) return idx;
  if (operand instanceof OptionalV) {
    if (!operand.hasValue) return operand;
    const r = index(operand.value!, idx, false);
    return isErr(r) ? new OptionalV(undefined) : new OptionalV(r);
  }
  if (operand instanceof ListV) {
    const i = toIndex(idx);
    if (isErr(i)) return i;
    if (i < 0 || i >= operand.size) {
      if (optional) return new OptionalV(undefined);
      return new CelErr(
        operand.literal && writtenList
          ? `index '${i}' out of range in list size '${operand.size}'`
          : `index out of bounds: ${i}`,
      );
    }
    const v = operand.get(i);
    return optional ? (isErr(v) ? v : new OptionalV(v)) : v;
  }
  if (operand instanceof MapV || operand instanceof ObjectV) {
    const v = operand instanceof MapV ? operand.get(idx) : typeof idx === "string" ? operand.get(idx) : undefined;
    if (v === undefined) {
      if (optional) return new OptionalV(undefined);
      return new CelErr(`no such key: ${formatKey(idx)}`);
    }
    return optional ? (isErr(v) ? v : new OptionalV(v)) : v;
  }
  return new CelErr(NO_SUCH_OVERLOAD);
}

function formatKey(k: Val): string {
  if (k instanceof UintV) return k.v.toString();
  return String(k);
}

/**
 * has(x.f) on a custom resource's object or map: the apiserver's unstructuredMap.Find converts a present value
 * against its schema, and cel-go's presence test returns the conversion's error ("invalid data, expected a map ...")
 * instead of true.
 */
function present(m: ObjectV | MapV, field: string): Result {
  if (!m.has(field)) return false;
  const v = m.get(field);
  return v !== undefined && isErr(v) ? v : true;
}
