/**
 * Compiles each x-kubernetes-validations entry once per CRD and shares the result between the compile rules
 * and the cost rules (ctx.memo), the way the apiserver compiles a node's rules once and then estimates them.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go (Compile)
import type { SchemaNode } from "../crd/schema.js";
import type { RuleContext, SchemaContext } from "./define-rule.js";
import { MemoKey } from "../crd/memo.js";
import type { CelCompiler, CompileResult } from "../cel/index.js";
import type { DeclType } from "../cel/index.js";
import { escapeCelName } from "../cel/index.js";
import { goTrimSpace, validationEntries, type ValidationEntry } from "../crd/validation-entries.js";
import { validationRuleHas } from "../crd/crd-v1.schema.js";
import { CRD_VALIDATION_RATCHETING, enabledByDefault, releaseHas } from "../k8s/releases.js";

export interface CompiledEntry {
  entry: ValidationEntry;
  /** null when the rule is blank (cel-rule-required reports it; nothing is compiled). */
  rule: CompileResult | null;
  /** null when there is no messageExpression, or when the rule did not compile or is not a bool (the apiserver stops there). */
  messageExpression: CompileResult | null;
}

/** Only structural nodes reach CEL: rules inside junctors or definitions already make the schema invalid. */
export function isCompiledNode(node: SchemaNode): boolean {
  return node.isStructural && !node.inJunctor && !node.inUnsupported;
}

const COMPILED = new MemoKey<readonly CompiledEntry[]>("cel");

export function celCompiler(ctx: RuleContext): CelCompiler | null {
  return ctx.services.cel;
}

/**
 * The compiled rules of a node the apiserver compiles (`isCompiledNode`) when the walk found no error at or below it
 * (the apiserver's per-node CEL gate); none otherwise. Where the node hooks of the cel-compile rules start.
 */
export function cleanCompiledEntries(node: SchemaNode, ctx: SchemaContext): readonly CompiledEntry[] {
  // Most nodes have no rules: they answer without asking the gate, which reads the run's state (so a run over
  // several releases can replay them) and costs a lookup per rule and node.
  if (!isCompiledNode(node) || !hasRules(node)) return NO_ENTRIES;
  return ctx.isNodeClean(node) ? compiledEntries(node, ctx) : NO_ENTRIES;
}

const NO_ENTRIES: readonly CompiledEntry[] = [];

export function compiledEntries(node: SchemaNode, ctx: RuleContext): readonly CompiledEntry[] {
  const entries = validationEntries(node, ctx.memo);
  if (entries.length === 0) return NO_ENTRIES;
  // Without type information the apiserver reports an internal error (cel-type-info-failed) and compiles nothing.
  if (typeInfoFails(node, ctx)) return NO_ENTRIES;
  const key = node.path.written.toString();
  const memo = ctx.memo.get(COMPILED, key);
  if (memo) return memo;
  const compiler = celCompiler(ctx);
  if (!compiler) return NO_ENTRIES;
  // optionalOldSelf is dropped before validation while its feature gate is off (1.28-1.29).
  // ... unless an update's OLD already used it (dropDisabledFields keeps it then, A16).
  // Before the field exists (1.28) decoding drops it, OLD's as NEW's.
  const honourOptionalOldSelf =
    validationRuleHas("optionalOldSelf", ctx.minor) &&
    (enabledByDefault(CRD_VALIDATION_RATCHETING, ctx.minor) || ctx.update?.oldUsesOptionalOldSelf === true);
  const out = entries.map((entry): CompiledEntry => {
    if (goTrimSpace(entry.rule).length === 0) return { entry, rule: null, messageExpression: null };
    const optionalOldSelf = honourOptionalOldSelf && entry.optionalOldSelf === true;
    // A11: on an update, a text OLD already had compiles in the stored-expressions environment.
    const stored = ctx.services.celStored;
    const ruleCompiler = ctx.update?.preexistingRules.has(entry.rule) && stored ? stored : compiler;
    const rootDecl = ruleTypeInfo(node, ctx)?.decl ?? undefined;
    const rule = ruleCompiler.compileRule({
      schema: node.schema,
      isResourceRoot: node.isResourceRoot,
      expression: entry.rule,
      kind: "rule",
      optionalOldSelf,
      ...(rootDecl ? { rootDecl } : {}),
    });
    let messageExpression: CompileResult | null = null;
    // compileRule returns at a rule that is not a bool before it compiles the messageExpression.
    const bool = rule.outputType?.kind === "bool" || rule.outputType?.kind === undefined;
    const messageCompiler =
      ctx.update?.preexistingMessageExpressions.has(entry.messageExpression) && stored ? stored : compiler;
    if (
      rule.ok &&
      rule.programError === undefined &&
      bool &&
      entry.messageExpression.trim().length > 0 &&
      releaseHas(ctx.minor, "messageExpression")
    )
      messageExpression = messageCompiler.compileRule({
        schema: node.schema,
        isResourceRoot: node.isResourceRoot,
        expression: entry.messageExpression,
        kind: "messageExpression",
        optionalOldSelf,
        ...(rootDecl ? { rootDecl } : {}),
      });
    return { entry, rule, messageExpression };
  });
  ctx.memo.set(COMPILED, out, key);
  return out;
}

function hasRules(n: SchemaNode): boolean {
  const v = n.schema["x-kubernetes-validations"];
  return Array.isArray(v) && v.length > 0;
}

/**
 * The type information the apiserver compiles a node's rules with: `decl` null when the parent's type has no element
 * type for the node (cel.Compile then fails: "failed to convert to declType"); null when there is none at all (the
 * conversion of a schema on the way failed).
 */
export type RuleTypeInfo = { decl: DeclType | null } | null;

const TYPE_INFO = new MemoKey<RuleTypeInfo>("cel:type-info");

/**
 * The CEL type the apiserver compiles a node's rules against, or null when it cannot build it. It takes a node's type
 * from its parent's, from the topmost node with rules on the way from the root down (the start of the "validation rule
 * scope"), and converts a node's own schema where the parent's type lacks it. So a node whose schema has no CEL type
 * (`type: any`, an array without items, ...) fails, and with it every node with rules below it, even when the failing
 * node's own error does not stop their compilation (it is not at or below them); and below a resource root with rules,
 * metadata (name, generateName), kind and apiVersion have the types the root's WithTypeAndObjectMeta gives them.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/cel_validation.go (CELSchemaContext.TypeInfo, *TypeInfoAccessor)
export function ruleTypeInfo(node: SchemaNode, ctx: RuleContext): RuleTypeInfo {
  const compiler = celCompiler(ctx);
  if (!compiler) return null;
  const memo = ctx.memo.getFor(TYPE_INFO, node);
  if (memo !== undefined) return memo;
  const out = ruleDeclType(node, compiler);
  ctx.memo.setFor(TYPE_INFO, node, out);
  return out;
}

/** ruleTypeInfo's type without the run's memo: for a rule at `node` (`crdlint cel eval` asks for any node). */
export function ruleDeclType(node: SchemaNode, compiler: CelCompiler): RuleTypeInfo {
  const chain: SchemaNode[] = [];
  for (let n: SchemaNode | null = node; n; n = n.parent) chain.push(n);
  chain.reverse();
  let start = chain.findIndex(hasRules);
  if (start < 0) start = chain.length - 1;
  let decl: DeclType | null = compiler.declType(chain[start]!.schema, chain[start]!.isResourceRoot);
  for (let i = start + 1; i < chain.length && decl; i++) {
    const c = chain[i]!;
    if (c.via === "items" || c.via === "additionalProperties") {
      // The parent's type answers for its items and additionalProperties even when it has no element type (`items`
      // under `type: object`): the node then has type information without a type, and its rules fail to compile
      // (itemsTypeInfoAccessor, additionalItemsTypeInfoAccessor). Only a property the parent's type lacks is
      // converted from its own schema.
      if (!decl.elem) return { decl: null };
      decl = decl.elem;
      continue;
    }
    let viaParent: DeclType | undefined;
    if (c.via === "properties" && c.name !== null) {
      const escaped = escapeCelName(c.name);
      viaParent = escaped === null ? undefined : decl.fields?.get(escaped)?.type;
    }
    decl = viaParent ?? compiler.declType(c.schema, c.isResourceRoot);
  }
  return decl ? { decl } : null;
}

/** Whether the apiserver has no CEL type for the rules of a node (see ruleTypeInfo): none are compiled then. */
export function typeInfoFails(node: SchemaNode, ctx: RuleContext): boolean {
  return typeInfoFailure(node, ctx) !== null;
}

/**
 * Why the apiserver has no CEL type for the rules of a node: `conversion` (no type information: a schema on the way
 * has no CEL type), `decl` (type information without a type: cel.Compile fails), or null when it has one.
 */
export function typeInfoFailure(node: SchemaNode, ctx: RuleContext): "conversion" | "decl" | null {
  if (celCompiler(ctx) === null || !isCompiledNode(node)) return null;
  const info = ruleTypeInfo(node, ctx);
  return info === null ? "conversion" : info.decl === null ? "decl" : null;
}

/**
 * The apiserver prints the whole compile error; the compiler's first line goes into the rule's message (`error`),
 * the caret excerpt into the detail.
 */
export function compileErrorText(result: CompileResult): {
  error: string;
  detail: string | undefined;
  offset: number | undefined;
} {
  const first = result.errors[0];
  const rest = result.errors.slice(1);
  const detail = [first?.detail ?? "", ...rest.map((e) => `${e.message}${e.detail ? "\n" + e.detail : ""}`)]
    .filter(Boolean)
    .join("\n");
  const offset = first && first.offset >= 0 ? first.offset : undefined;
  return { error: first?.message ?? "unknown error", detail: detail || undefined, offset };
}
