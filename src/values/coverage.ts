/**
 * Coverage of a CRD version's checks by the objects validated against it (`crdlint test --coverage`): for each
 * x-kubernetes-validations rule and each `required` property, `enum`, `pattern`, `format`, bound, `multipleOf`,
 * `uniqueItems` and list-type uniqueness written in the schema, whether some object made it fail and whether some
 * object passed through it (it was evaluated and held).
 *
 * The validators report to a CoverageSink only when they are given one (value.ts, listtype.ts, resource.ts and the CEL
 * validator): a check is named by the schema object it is written on (identity) and a stable name. A check that is
 * not evaluated records nothing: a string bound on a number, `pattern` behind a failed `maxLength` (kube-openapi stops
 * at the first failed string check), `required` behind a failed `minProperties`, CEL rules behind a blocking schema
 * error, a transition rule on create; a failure that ratcheting drops on update records nothing either (the object
 * did not fail because of it), while a check that held on an unchanged value passed.
 */
import type { CoverageItem, CoverageReport } from "../diagnostics/test-result.js";
import { isPlainObject, type ValueError } from "../k8s/go.js";
import { NEWEST_KUBERNETES_MINOR } from "../k8s/releases.js";
import { keptFormat, registryCheck } from "./formats.js";

/** Where validators report each check they evaluate. */
export interface CoverageSink {
  /**
   * `node` is the schema object the check is written on; `check` its stable name (`rule[0]`, `required:<prop>`,
   * `enum`, `pattern`, `format`, `minLength`, `maxLength`, `minItems`, `maxItems`, `minProperties`, `maxProperties`,
   * `minimum`, `maximum`, `multipleOf`, `uniqueItems`, `list-type`); `failed`: the check did not hold.
   */
  record(node: object, check: string, failed: boolean): void;
}

/** A check's failure behind a returned error, kept back until the caller knows the error stays (ratcheting). */
export type DeferredFailures = Map<ValueError, [node: object, check: string][]>;

/** Records the deferred failures of the errors that were kept (errors dropped since record nothing). */
export function recordKeptFailures(sink: CoverageSink, deferred: DeferredFailures, kept: readonly ValueError[]): void {
  for (const e of kept) {
    const failures = deferred.get(e);
    if (failures) for (const [node, check] of failures) sink.record(node, check, true);
  }
}

/** One check of a version's schema that objects can exercise. */
export interface CoverableCheck {
  /** The schema object the check is written on (what validators report). */
  node: object;
  /**
   * The field path of the values the node applies to: `spec.ports[*].name` (`[*]` for list items and map values),
   * `<root>` for the root; a branch of allOf/anyOf/oneOf/not adds its place (`spec.anyOf[1]`, `spec.not`).
   */
  path: string;
  check: string;
  /** For a CEL rule, its expression. */
  rule?: string;
  /** The keys from openAPIV3Schema down to the node (to locate it in the CRD file). */
  schemaPath: (string | number)[];
}

type Schema = Record<string, unknown>;

const finite = (v: unknown): boolean => typeof v === "number" && Number.isFinite(v);

/** The checks one schema node carries, in the order its keys are written. */
function nodeChecks(s: Schema, minor: number, inJunctor: boolean): { check: string; rule?: string }[] {
  const out: { check: string; rule?: string }[] = [];
  for (const key of Object.keys(s)) {
    const v = s[key];
    switch (key) {
      case "x-kubernetes-validations":
        // The CEL validator runs rules in properties, items, additionalProperties and allOf only (the apiserver
        // forbids them under anyOf, oneOf and not).
        if (Array.isArray(v) && !inJunctor)
          v.forEach((r, i) => {
            if (isPlainObject(r)) out.push({ check: `rule[${i}]`, rule: typeof r.rule === "string" ? r.rule : "" });
          });
        break;
      case "required":
        if (Array.isArray(v)) for (const p of v) if (typeof p === "string") out.push({ check: `required:${p}` });
        break;
      case "enum":
        if (Array.isArray(v) && v.length > 0) out.push({ check: "enum" });
        break;
      case "pattern":
        if (typeof v === "string" && v !== "") out.push({ check: "pattern" });
        break;
      case "format": {
        // Only the string formats a custom resource's value is checked against at this release (value.ts's compile).
        const intOrString = s["x-kubernetes-int-or-string"] === true;
        const type = intOrString ? "" : typeof s.type === "string" ? s.type : "";
        const kept = typeof v === "string" ? keptFormat(v, type, minor) : "";
        if (kept !== "" && registryCheck(kept, "crd", minor)) out.push({ check: "format" });
        break;
      }
      case "minLength":
      case "maxLength":
      case "minItems":
      case "maxItems":
      case "minProperties":
      case "maxProperties":
      case "minimum":
      case "maximum":
      case "multipleOf":
        if (finite(v)) out.push({ check: key });
        break;
      case "uniqueItems":
        if (v === true) out.push({ check: key });
        break;
      case "x-kubernetes-list-type":
        if (v === "set" || v === "map") out.push({ check: "list-type" });
        break;
    }
  }
  return out;
}

/**
 * Every check of one version's openAPIV3Schema, in schema order (a node's own checks as written, then its properties,
 * items, additionalProperties and allOf/anyOf/oneOf/not branches). `minor` decides which formats are checked.
 */
export function coverableChecks(schema: unknown, minor: number = NEWEST_KUBERNETES_MINOR): CoverableCheck[] {
  const out: CoverableCheck[] = [];
  const walk = (s: unknown, path: string, schemaPath: (string | number)[], inJunctor: boolean): void => {
    if (!isPlainObject(s)) return;
    for (const c of nodeChecks(s, minor, inJunctor))
      out.push({ node: s, path: path === "" ? "<root>" : path, ...c, schemaPath });
    const dot = path === "" ? "" : path + ".";
    if (isPlainObject(s.properties))
      for (const [k, v] of Object.entries(s.properties)) walk(v, dot + k, [...schemaPath, "properties", k], inJunctor);
    walk(s.items, path + "[*]", [...schemaPath, "items"], inJunctor);
    walk(s.additionalProperties, path + "[*]", [...schemaPath, "additionalProperties"], inJunctor);
    for (const j of ["allOf", "anyOf", "oneOf"] as const)
      if (Array.isArray(s[j]))
        (s[j] as unknown[]).forEach((b, i) =>
          walk(b, `${dot}${j}[${i}]`, [...schemaPath, j, i], inJunctor || j !== "allOf"),
        );
    walk(s.not, dot + "not", [...schemaPath, "not"], true);
  };
  walk(schema, "", [], false);
  return out;
}

/** Where a check is written in the CRD file. */
export type LocateCheck = (c: CoverableCheck) => { file?: string; line?: number } | undefined;

export interface TrackOptions {
  /** The release the objects were validated at (formats checked); default the newest. */
  minor?: number;
  locate?: LocateCheck;
  /**
   * A patched copy of the version's schema (openshift/api's initialCRDPatches): its outcomes pool into the checks of
   * the unpatched schema tracked for the same CRD version, and checks only the copy has are not listed (unless no
   * unpatched schema is tracked for it).
   */
  patched?: boolean;
}

const FAILED = 1;
const PASSED = 2;

/** Items pool by CRD, version, path and check; a rule by its expression rather than its index (a patch may remove one). */
function keyOf(crd: string, version: string, path: string, check: string, rule: string | undefined): string {
  return JSON.stringify([crd, version, path, rule !== undefined ? "rule:" + rule : check]);
}

interface Tracked {
  crd: string;
  version: string;
  schema: unknown;
  options: TrackOptions;
}

/**
 * Accumulates what validators report (by schema object) and turns it into CoverageItems for the CRD versions tracked,
 * pooling the several schema objects of one CRD version (each validator of a run compiles its own, patched or not).
 */
export class CoverageCollector implements CoverageSink {
  private readonly outcomes = new WeakMap<object, Map<string, number>>();
  private readonly tracked: Tracked[] = [];

  record(node: object, check: string, failed: boolean): void {
    let byCheck = this.outcomes.get(node);
    if (!byCheck) {
      byCheck = new Map();
      this.outcomes.set(node, byCheck);
    }
    byCheck.set(check, (byCheck.get(check) ?? 0) | (failed ? FAILED : PASSED));
  }

  /** The items of one schema (the same CRD version's schema objects are pooled by report()). */
  itemsFor(crd: string, version: string, schema: unknown, options: TrackOptions = {}): CoverageItem[] {
    return coverableChecks(schema, options.minor).map((c) => {
      const bits = this.outcomes.get(c.node)?.get(c.check) ?? 0;
      const at = options.locate?.(c);
      return {
        crd,
        version,
        path: c.path,
        check: c.check,
        ...(c.rule !== undefined ? { rule: c.rule } : {}),
        ...(at?.file !== undefined ? { file: at.file } : {}),
        ...(at?.line !== undefined ? { line: at.line } : {}),
        failed: (bits & FAILED) !== 0,
        passed: (bits & PASSED) !== 0,
      };
    });
  }

  /** Declares a schema some validator of the run validates against (call it once per validator; repeats are harmless). */
  track(crd: string, version: string, schema: unknown, options: TrackOptions = {}): void {
    if (this.tracked.some((t) => t.schema === schema && t.crd === crd && t.version === version)) return;
    this.tracked.push({ crd, version, schema, options });
  }

  /** The pooled items of every tracked schema (in the order CRD versions were first tracked) and their summary. */
  report(): CoverageReport {
    const lists: CoverageItem[][] = [];
    const unpatched = new Set(
      this.tracked.filter((t) => !t.options.patched).map((t) => JSON.stringify([t.crd, t.version])),
    );
    const order: string[] = [];
    const byVersion = new Map<string, { main: CoverageItem[][]; patched: CoverageItem[][] }>();
    for (const t of this.tracked) {
      const v = JSON.stringify([t.crd, t.version]);
      let entry = byVersion.get(v);
      if (!entry) {
        entry = { main: [], patched: [] };
        byVersion.set(v, entry);
        order.push(v);
      }
      const items = this.itemsFor(t.crd, t.version, t.schema, t.options);
      (t.options.patched && unpatched.has(v) ? entry.patched : entry.main).push(items);
    }
    for (const v of order) {
      const { main, patched } = byVersion.get(v)!;
      lists.push(mergeCoverageItems([...main, ...patched], main.length > 0 ? main : undefined));
    }
    return coverageReport(lists.flat());
  }
}

/**
 * Pools items of the same CRD version, path and check (a rule: the same expression): failed and passed are or-ed.
 * With `universe`, only the checks those lists hold are listed (the others only add their outcomes).
 */
export function mergeCoverageItems(lists: CoverageItem[][], universe?: CoverageItem[][]): CoverageItem[] {
  const listed = universe
    ? new Set(universe.flat().map((i) => keyOf(i.crd, i.version, i.path, i.check, i.rule)))
    : null;
  const pooled = new Map<string, CoverageItem>();
  for (const items of lists)
    for (const i of items) {
      const k = keyOf(i.crd, i.version, i.path, i.check, i.rule);
      if (listed && !listed.has(k)) continue;
      const have = pooled.get(k);
      if (!have) pooled.set(k, { ...i });
      else {
        have.failed ||= i.failed;
        have.passed ||= i.passed;
      }
    }
  return [...pooled.values()];
}

/** The report of a set of items: how many checks some object failed, passed, both, neither. */
export function coverageReport(items: CoverageItem[]): CoverageReport {
  const summary = { checks: items.length, failedBySome: 0, passedBySome: 0, both: 0, neither: 0 };
  for (const i of items) {
    if (i.failed) summary.failedBySome++;
    if (i.passed) summary.passedBySome++;
    if (i.failed && i.passed) summary.both++;
    if (!i.failed && !i.passed) summary.neither++;
  }
  return { items, summary };
}
