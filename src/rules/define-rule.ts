/** The shape of a rule module: metadata (id, category, severity, apiserver, docs) plus the hook the engine calls. */
import type { ApplyMethod } from "../load/layout.js";
import type { GoRegexpSyntaxCache } from "../k8s/re2-syntax.js";
import type { SchemaValidatorCache } from "../values/value.js";
import type { Category, ErrorType, Severity } from "../diagnostics/index.js";
import type { DualPath } from "../k8s/path.js";
import type { CrdView, SchemaScope } from "../crd/model.js";
import type { SchemaNode } from "../crd/schema.js";
import type { StructuralState } from "../crd/structural.js";
import type { CelCompiler } from "../cel/index.js";
import type { Decoder } from "../crd/decode.js";
import type { CelRuntime } from "../cel/index.js";
import type { Memo } from "../crd/memo.js";
import type { Assumption, OldFindingRequirement, UpdateOptions, VersionPair } from "../crd/update.js";

export interface RuleDocs {
  /** Why it matters, in Kubernetes terms. */
  why?: string;
  /** How to fix it. */
  fix?: string;
  /** owner/repo:path of the apiserver check reproduced. */
  upstream?: string;
  /**
   * A failing and a passing example. Either a whole YAML document, or a delta on the baseline CRD of the
   * catalog (keys openAPIV3Schema, subresources, additionalPrinterColumns, selectableFields, webhook, versions,
   * spec, metadata; see src/rules/examples.ts).
   */
  fail: string;
  pass: string;
}

/**
 * Phases, in the apiserver's order inside one schema: `structural` and `walk` always run; `defaults` only when
 * the schema has no structural error; `cel` only when defaults are clean too (and, per node, when the walk found
 * nothing at or below the node); `final` last, seeing how many errors the schema produced. `crd` rules run once per CRD.
 * `revision` rules run once per pair of revisions of one CRD (OLD and NEW), after NEW's own rules (docs/revisions.md).
 */
export type Phase = "crd" | "structural" | "walk" | "defaults" | "cel" | "final" | "revision";

/** Values a message template interpolates (`{{name}}`), printed as a template literal prints them. */
export type MessageData = Readonly<
  Record<string, string | number | bigint | boolean | null | undefined | readonly unknown[]>
>;

/**
 * A report. `M` is the union of the reporting rule's message ids (`keyof messages`, see `defineRule`), so that a
 * misspelt `messageId` fails to compile instead of failing at run time; code outside one rule sees `string`.
 */
export interface Report<M extends string = string> {
  path: DualPath;
  /**
   * The schema node whose validation raises the error, when it is not the node at `path`: the array checks of
   * x-kubernetes-list-type report at `items...` paths but belong to the array's level, so they do not keep the CEL
   * rules of the items from being compiled ("schema errors at this level or deeper" skip CEL).
   */
  level?: DualPath;
  /** One of the rule's `messages` (the text is data that docs and tests can see); `data` fills its `{{placeholders}}`. */
  messageId?: M;
  data?: MessageData;
  /**
   * A message computed whole by a shared evaluator (a Kubernetes validation function's text, a decoder's text),
   * for rules whose text is not the rule's own; a rule's own texts go in `messages`.
   */
  message?: string;
  /** Overrides the rule's error type (rules whose type depends on the case, e.g. Required vs Invalid). */
  type?: ErrorType | null;
  /** The value the apiserver prints after the type (`Invalid value: "foo"`); omitted for Required/Forbidden. */
  value?: unknown;
  detail?: string;
  suggestion?: string;
  /** Character offset inside the string at `path` (a CEL expression), for a precise line/column. */
  offset?: number;
  /**
   * The n-th (2, 3, …) identical error at this place: the apiserver runs some checks once per entry of a list (a
   * list-map key named twice is checked twice) and lists each error; identical reports are otherwise one.
   */
  occurrence?: number;
}

/**
 * Heavy helpers the engine loads once (dynamic import) before linting, so that `crdlint rules` and
 * `crdlint --version` import neither CEL nor ajv (the imports above are types only).
 */
export interface EngineServices {
  /** `createCelCompiler(minor)` of src/cel/schema/compile.ts, built for the target minor; null when CEL is not loaded. */
  readonly cel: CelCompiler | null;
  /** The compiler of the stored-expressions environment (A11: expressions an update keeps from OLD); built on first use. */
  readonly celStored?: CelCompiler | null;
  /** The strict decoder of src/crd/decode.ts (ajv-compiled JSON schema of the v1 CRD type); null when not loaded. */
  readonly decoder: Decoder | null;
  /** The CEL runtime module src/cel/schema/runtime.ts (createCelValidator, ...), or null when absent. */
  readonly celRuntime?: typeof CelRuntime | null;
  /** Go regexp syntax verdicts by pattern, shared by every CRD of the run. */
  readonly regexSyntax: GoRegexpSyntaxCache;
  /** Compiled kube-openapi schema validators (and their patterns), shared by every CRD of the run. */
  readonly schemaValidators: SchemaValidatorCache;
}

/** The context of a `crd` rule; `M` are the rule's message ids (see `Report`). */
export interface RuleContext<M extends string = string> {
  crd: CrdView;
  /** Target Kubernetes minor version (1.N). */
  minor: number;
  report(r: Report<M>): void;
  services: EngineServices;
  /** Per-CRD memo shared between rules (e.g. CEL compile results keyed by rule path). */
  memo: Memo;
  /**
   * Set when the CRD is an update of an OLD revision (`crdlint diff`, `lint --against`): the apiserver's
   * validationOptions derived from OLD. A create-time rule whose check the apiserver relaxes on update reads its
   * option here (`if (ctx.update && !ctx.update.requirePrunedDefaults) return;`). Undefined on create.
   */
  update?: UpdateOptions;
  /**
   * How the CRD reaches the cluster (src/load/layout.ts): `client-side` (kubectl apply, the default), `server-side`
   * or `helm` (a chart's crds/). A rule about what the apply itself adds (the last-applied annotation) reads it.
   */
  applyMethod: ApplyMethod;
}

/**
 * What a change does, worst first; the engine grades severity by it (docs/revisions.md):
 * `rejected` the apiserver refuses the update (error, apiserver: true, operation: "update");
 * `data-lost` stored objects lose or change data on read (pruning, defaulting) (error);
 * `objects-fail` existing objects fail their next write (error; warning when `ratcheted`: only creates and writes
 * that change the value fail);
 * `clients-break` clients, manifests or kubectl usage break (warning);
 * `migration-needed` existing objects stay in a version until a storage-version migration rewrites them, and that
 * version cannot leave the CRD before (warning);
 * `behaviour-changed` a visible change that breaks nothing by itself (info);
 * `none` an event worth listing (an added CRD, an added version) (info).
 */
export type Effect =
  "rejected" | "data-lost" | "objects-fail" | "clients-break" | "migration-needed" | "behaviour-changed" | "none";

export interface RevisionReport<M extends string = string> extends Report<M> {
  effect: Effect;
  /** The position is in OLD (what was removed) instead of NEW. `path` is then a path in OLD. */
  inOld?: boolean;
  /** For `objects-fail`: CR validation ratcheting lets unchanged values pass on update (A32, A33, A35). */
  ratcheted?: boolean;
  /** The facts of OLD the verdict rests on (assumed when OLD has no status). */
  assumes?: readonly Assumption[];
  /** The version the change is about (the lenient policy for unstable versions matches it). */
  version?: string;
}

/** The context of a `revision` rule: one CRD's OLD and NEW revisions. */
export interface RevisionContext<M extends string = string> {
  /** NEW (as `crd` in every other rule context). */
  readonly crd: CrdView;
  readonly old: CrdView;
  /** The apiserver's view of the update: validationOptions, storedVersions, Established. */
  readonly update: UpdateOptions;
  /** Versions by name, with their view on each side. */
  readonly versions: readonly VersionPair[];
  readonly minor: number;
  readonly services: EngineServices;
  /** NEW's per-CRD memo (the one NEW's own rules filled); `oldMemo` is OLD's. */
  readonly memo: Memo;
  readonly oldMemo: Memo;
  report(r: RevisionReport<M>): void;
}

export interface SchemaContext<M extends string = string> extends RuleContext<M> {
  /** The id of the rule this context reports for. */
  readonly ruleId: string;
  scope: SchemaScope;
  /** The schema's structural state (NewStructural outcome, value-validation facts), created by the engine per schema. */
  readonly structural: StructuralState;
  /** Every node of the schema, in walk order (shared by all rules; walked once). */
  nodes: readonly SchemaNode[];
  /** False when a `walk`-phase apiserver error was reported at this node or below (the apiserver's per-node CEL gate). */
  isNodeClean(node: SchemaNode): boolean;
  /** apiserver errors reported so far for this schema (for `final` rules). */
  readonly errorCount: number;
}

/**
 * Rule sets in the ESLint manner, each holding the one before it: `apiserver` (what the apiserver, or kubectl reading
 * the file, rejects or warns about, and problems with crdlint's own input), `recommended` (the default: that plus what
 * makes a CRD malfunction although the apiserver accepts it), `strict` (every rule, conventions and style included).
 */
export const PRESETS = ["apiserver", "recommended", "strict"] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = "recommended";

/**
 * Where a rule belongs: the smallest preset holding it, or `opt-in` for a rule no preset holds, which runs only when
 * the configuration gives it a severity (a lint that fires on nearly every node of a real CRD).
 */
export type RulePreset = Preset | "opt-in";

export function isPreset(name: unknown): name is Preset {
  return typeof name === "string" && (PRESETS as readonly string[]).includes(name);
}

/** The smallest preset holding the rule, or `opt-in`. */
export function rulePreset(rule: Pick<RuleMeta, "apiserver" | "preset">): RulePreset {
  return rule.apiserver ? "apiserver" : (rule.preset ?? "strict");
}

/** Whether `preset` holds the rule: the presets nest, so a rule is in its own preset and every larger one. */
export function inPreset(rule: Pick<RuleMeta, "apiserver" | "preset">, preset: Preset): boolean {
  const own = rulePreset(rule);
  return own !== "opt-in" && PRESETS.indexOf(own) <= PRESETS.indexOf(preset);
}

export interface RuleMeta {
  id: string;
  category: Category;
  severity: Severity;
  /** True when the apiserver rejects the CRD for this reason. */
  apiserver: boolean;
  /**
   * The apiserver accepts the object but sends this warning itself (in the response's Warning headers): the
   * diagnostic says so with `apiserverWarning: true` (`apiserver` stays false: it is not a rejection).
   */
  apiserverWarning?: boolean;
  /** The apiserver's error type, when `apiserver`. */
  type: ErrorType | null;
  description: string;
  docs: RuleDocs;
  /**
   * The rule's message texts by id, as in typescript-eslint: `{ mustBeString: "must be {{expected}}" }`; a report
   * names one (`messageId`) and gives the placeholders' values (`data`).
   */
  messages?: Readonly<Record<string, string>>;
  phase: Phase;
  /**
   * The smallest preset that holds the rule (`apiserver` ⊂ `recommended` ⊂ `strict`). apiserver rules are always in
   * `apiserver` and need not say so; every other rule names its preset (or `opt-in`) and says why in `presetWhy`.
   */
  preset?: RulePreset;
  /** Why the rule is in its preset: what breaks when it fires (recommended), or why nothing does (strict). */
  presetWhy?: string;
  /**
   * The check runs outside the apiserver's recursive OpenAPI walk (the status-root restriction): its errors count
   * for the schema but do not stop CEL compilation of the node they are reported on.
   */
  outsideWalk?: boolean;
  /** Kubernetes minor range where the rule applies (inclusive). */
  minMinor?: number;
  maxMinor?: number;
  /** What the rule means when the apiserver judges an update of the CRD rather than its creation. */
  update?: RuleOnUpdate;
}

/** A rule's part in the apiserver's judgement of an update (read by the engine and by `crdlint diff`). */
export interface RuleOnUpdate {
  /**
   * The apiserver returns the rule's finding as a warning on an update too (the CRD strategy's WarningsOnUpdate,
   * 1.34+), ratcheted against OLD: `crdlint diff` keeps it, as kubectl prints it when it applies NEW.
   */
  readonly warns?: true;
  /**
   * The rule is a create-time check that the apiserver runs on OLD to decide an update's validationOptions: when OLD
   * already fails it, this requirement is dropped and NEW may keep failing it. (requireStructuralSchema is the
   * structural phase's apiserver rules, by their phase.)
   */
  readonly oldFindingLifts?: Exclude<OldFindingRequirement, "requireStructuralSchema">;
}

/** The hooks the engine calls; `M` are the rule's message ids, which its contexts' `report` accepts. */
export interface RuleHooks<M extends string = string> {
  /** `crd` phase: once per CRD. */
  check?(ctx: RuleContext<M>): void;
  /** Schema phases: once per schema, after the per-node visits of the same phase. */
  checkSchema?(ctx: SchemaContext<M>): void;
  /** Schema phases: once per schema node. */
  visitNode?(node: SchemaNode, ctx: SchemaContext<M>): void;
  /**
   * The schema keys visitNode looks for: at a node whose schema has none of them (each undefined), it finds nothing
   * and reads nothing, so the engine does not call it there (the rules of a phase share one walk; most nodes concern
   * a few of them). Absent: every node.
   */
  readonly visitKeys?: readonly string[];
  /** `revision` phase: once per pair of revisions of a CRD. */
  checkRevision?(ctx: RevisionContext<M>): void;
}

export interface Rule extends RuleMeta, RuleHooks {}

/** The message texts of one rule by id. */
export type RuleMessages = Readonly<Record<string, string>>;

/** A rule as written in its module: its hooks report only ids of its own `messages`. */
export type RuleDefinition<M extends RuleMessages> = Omit<RuleMeta, "messages"> & { messages?: M } & RuleHooks<
    keyof M & string
  >;

/**
 * A rule module's default export, typed as typescript-eslint's `createRule` types its rules: the message ids are
 * inferred from `messages`, and every context the hooks receive accepts only those ids, so that a misspelt
 * `messageId` fails `tsc` (a rule without `messages` may only report computed `message`s).
 */
export function defineRule<const M extends RuleMessages = Record<never, string>>(rule: RuleDefinition<M>): Rule {
  return rule;
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+?)\s*\}\}/g;

/**
 * The text of a report: its `message`, or its rule's message `messageId` with `{{name}}` replaced by `data.name` (in
 * one pass, so that a value containing braces is not read again; a placeholder without data stays as written).
 */
export function reportMessage(rule: Pick<RuleMeta, "id" | "messages">, r: Report): string {
  if (r.messageId === undefined) return r.message ?? "";
  const template = rule.messages?.[r.messageId];
  if (template === undefined)
    throw new Error(`rule ${rule.id} reported unknown messageId ${JSON.stringify(r.messageId)}`);
  const data = r.data;
  if (!data) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(data, name) ? String(data[name]) : whole,
  );
}

/** Rules emitted by the loader or the engine (YAML problems, file limits): metadata only, no hook. */
export function defineEngineRule(meta: Omit<RuleMeta, "phase">): Rule {
  return { ...meta, phase: "crd" };
}
