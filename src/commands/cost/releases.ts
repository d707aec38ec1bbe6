/**
 * `crdlint cost` over several releases: the estimates of each release merged into one report. An expression (a
 * schema's total) keeps one entry, with its estimate at each release merged where the releases agree on all of it
 * (`byRelease`); its single-release fields hold the highest estimate of the run, so that what is over a limit at some
 * release is over a limit in the report (the exit code, `-q`). A schema not estimated keeps one entry per reason.
 */
import type {
  CostReleaseVerdict,
  CostReport,
  ExpressionCostReport,
  ExpressionReleaseCost,
  SchemaCostReport,
  SchemaReleaseCost,
  UnestimatedSchemaReport,
} from "../../report/cost.js";

/** What one release estimated. */
export interface ReleaseCosts {
  expressions: ExpressionCostReport[];
  crds: SchemaCostReport[];
  unestimated: UnestimatedSchemaReport[];
}

const release = (minor: number): string => `1.${minor}`;

/** Where a schema is: the same at every release (the file, the document, the versions sharing the schema). */
const schemaKey = (x: { file: string; document: number; versions: readonly string[] }): string =>
  `${x.file}\0${x.document}\0${x.versions.join(",")}`;

const expressionKey = (e: ExpressionCostReport): string => `${schemaKey(e)}\0${e.field}\0${e.kind}`;

/** A part of a report as text, bigints included: equal texts are equal parts (one builder writes their keys in order). */
const textOf = (a: unknown): string => JSON.stringify(a, (_, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));

/** Entries alike at several releases grouped (oldest first), in the order each first appears. */
function groupAlike<T>(items: readonly { minor: number; value: T }[]): { releases: string[]; value: T }[] {
  const groups = new Map<string, { releases: string[]; value: T }>();
  for (const { minor, value } of items) {
    const key = textOf(value);
    const g = groups.get(key);
    if (g) g.releases.push(release(minor));
    else groups.set(key, { releases: [release(minor)], value });
  }
  return [...groups.values()];
}

/** The entry whose total is highest (the newest of those): the one that decides whether it fits every release. */
function highest<T extends { totalCost: bigint }>(entries: readonly T[]): T {
  return entries.reduce((best, e) => (e.totalCost >= best.totalCost ? e : best));
}

/** Collects each entry of every release under its key, in the order keys first appear (oldest release first). */
function byKey<T>(
  runs: readonly { minor: number; items: readonly T[] }[],
  key: (x: T) => string,
): Map<string, { minor: number; value: T }[]> {
  const out = new Map<string, { minor: number; value: T }[]>();
  for (const { minor, items } of runs)
    for (const value of items) {
      const k = key(value);
      const list = out.get(k);
      if (list) list.push({ minor, value });
      else out.set(k, [{ minor, value }]);
    }
  return out;
}

function expressionAt(e: ExpressionCostReport): Omit<ExpressionReleaseCost, "releases"> {
  return {
    estimatedCost: e.estimatedCost,
    maxCardinality: e.maxCardinality,
    cardinalityUnbounded: e.cardinalityUnbounded,
    totalCost: e.totalCost,
    exceedsLimit: e.exceedsLimit,
    percentOfLimit: e.percentOfLimit,
    ...(e.drivers ? { drivers: e.drivers } : {}),
    ...(e.suggestion !== undefined ? { suggestion: e.suggestion } : {}),
    ...(e.releaseChange ? { releaseChange: e.releaseChange } : {}),
  };
}

function schemaAt(c: SchemaCostReport): Omit<SchemaReleaseCost, "releases"> {
  return { totalCost: c.totalCost, exceedsLimit: c.exceedsLimit, percentOfLimit: c.percentOfLimit };
}

/**
 * Each entry (an expression, a schema's total) once: its fields at the release where its total is highest, the
 * releases it is estimated at, and its estimate per group of releases that agree on all of it.
 */
function mergeEstimates<T extends { totalCost: bigint }, A>(
  runs: readonly ({ minor: number } & ReleaseCosts)[],
  items: (r: ReleaseCosts) => readonly T[],
  key: (x: T) => string,
  at: (x: T) => A,
): (T & { releases: string[]; byRelease: (A & { releases: string[] })[] })[] {
  const out: (T & { releases: string[]; byRelease: (A & { releases: string[] })[] })[] = [];
  for (const entries of byKey(
    runs.map((r) => ({ minor: r.minor, items: items(r) })),
    key,
  ).values()) {
    const byRelease = groupAlike(entries.map(({ minor, value }) => ({ minor, value: at(value) })));
    out.push({
      ...highest(entries.map((e) => e.value)),
      releases: entries.map((e) => release(e.minor)),
      byRelease: byRelease.map(({ releases, value }) => ({ releases, ...value })),
    });
  }
  return out;
}

/** The report's parts over the releases of `runs` (oldest first), with the verdict at each release. */
export function mergeReleaseCosts(
  runs: readonly ({ minor: number } & ReleaseCosts)[],
): Pick<CostReport, "expressions" | "crds" | "unestimated" | "releases" | "verdicts"> {
  const expressions = mergeEstimates(runs, (r) => r.expressions, expressionKey, expressionAt);
  const crds = mergeEstimates(runs, (r) => r.crds, schemaKey, schemaAt);
  const unestimated: UnestimatedSchemaReport[] = [];
  for (const entries of byKey(
    runs.map((r) => ({ minor: r.minor, items: r.unestimated })),
    schemaKey,
  ).values())
    for (const { releases, value } of groupAlike(entries)) unestimated.push({ ...value, releases });
  const verdicts: Record<string, CostReleaseVerdict> = {};
  for (const r of runs) {
    const expressionsOverLimit = r.expressions.filter((e) => e.exceedsLimit).length;
    const schemasOverLimit = r.crds.filter((c) => c.exceedsLimit).length;
    verdicts[release(r.minor)] = {
      withinLimits: expressionsOverLimit === 0 && schemasOverLimit === 0,
      expressionsOverLimit,
      schemasOverLimit,
    };
  }
  return { expressions, crds, unestimated, releases: runs.map((r) => release(r.minor)), verdicts };
}
