/**
 * A Helm chart's `kubeVersion` (Chart.yaml): a semver constraint on the cluster's version, as Helm checks it with
 * Masterminds/semver (`>=1.28.0-0`, `>= 1.28.0 < 1.33.0`, `^1.28`, `~1.30.0`, `1.28.x`, `1.28 - 1.31`, `a || b`).
 * crdlint reads from it the minors the chart claims: a minor is claimed when some 1.N.P satisfies the constraint.
 * A pre-release part (`-0`, the idiom that lets `1.28.3-eks-…` through) is ignored: clusters' builds carry one.
 */
import type { ParseResult } from "./version.js";

interface Version {
  major: number;
  minor: number;
  patch: number;
}

type Comparison = (v: Version) => boolean;

const cmp = (a: Version, b: Version): number => a.major - b.major || a.minor - b.minor || a.patch - b.patch;

/** A partial version (`1`, `1.28`, `1.28.x`, `v1.28.3-0`): the numbers given, null where a part is absent or a wildcard. */
function partial(text: string): { major: number; minor: number | null; patch: number | null } | null {
  const m = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(text);
  if (!m) return null;
  const num = (s: string | undefined): number | null => (s === undefined || /^[xX*]$/.test(s) ? null : Number(s));
  const major = num(m[1]);
  if (major === null) return { major: -1, minor: null, patch: null };
  return { major, minor: num(m[2]), patch: num(m[3]) };
}

const low = (p: { major: number; minor: number | null; patch: number | null }): Version => ({
  major: p.major,
  minor: p.minor ?? 0,
  patch: p.patch ?? 0,
});

/** The first version past the partial one (`1.28` → 1.29.0, `1` → 2.0.0, `1.28.3` → 1.28.4). */
const past = (p: { major: number; minor: number | null; patch: number | null }): Version =>
  p.minor === null
    ? { major: p.major + 1, minor: 0, patch: 0 }
    : p.patch === null
      ? { major: p.major, minor: p.minor + 1, patch: 0 }
      : { major: p.major, minor: p.minor, patch: p.patch + 1 };

function comparison(op: string, text: string): Comparison | null {
  const p = partial(text);
  if (!p) return null;
  if (p.major < 0) return () => true; // `*`, `x`: any version
  const lo = low(p);
  const hi = past(p);
  switch (op) {
    case "":
    case "=":
      return (v) => cmp(v, lo) >= 0 && cmp(v, hi) < 0;
    case "!=":
      return (v) => !(cmp(v, lo) >= 0 && cmp(v, hi) < 0);
    case ">":
      return (v) => cmp(v, hi) >= 0;
    case ">=":
    case "=>":
      return (v) => cmp(v, lo) >= 0;
    case "<":
      return (v) => cmp(v, lo) < 0;
    case "<=":
    case "=<":
      return (v) => cmp(v, hi) < 0;
    case "~":
    case "~>":
      return (v) =>
        cmp(v, lo) >= 0 && cmp(v, p.minor === null ? past(p) : { ...lo, minor: lo.minor + 1, patch: 0 }) < 0;
    case "^":
      return (v) =>
        cmp(v, lo) >= 0 &&
        cmp(
          v,
          lo.major > 0 || p.minor === null
            ? { major: lo.major + 1, minor: 0, patch: 0 }
            : { major: 0, minor: lo.minor + 1, patch: 0 },
        ) < 0;
    default:
      return null;
  }
}

/** Parses a constraint into alternatives (`||`), each a conjunction of comparisons. */
function parseConstraint(text: string): ParseResult<Comparison[][]> {
  const alternatives: Comparison[][] = [];
  for (const alt of text.split("||")) {
    // A hyphen range (`1.28 - 1.31`) is two comparisons; commas and spaces separate the others.
    const spaced = alt.replace(/(\S+)\s+-\s+(\S+)/g, ">=$1 <=$2").replace(/,/g, " ");
    const terms = spaced.match(/(?:!=|>=|=>|<=|=<|~>|[<>=~^])?\s*[^\s<>=~^!]+/g) ?? [];
    if (terms.length === 0) return { ok: false, error: `empty constraint in "${text}"` };
    const all: Comparison[] = [];
    for (const term of terms) {
      const m = /^(!=|>=|=>|<=|=<|~>|[<>=~^])?\s*(\S+)$/.exec(term.trim());
      const c = m ? comparison(m[1] ?? "", m[2]!) : null;
      if (!c) return { ok: false, error: `cannot read "${term.trim()}" in the version constraint "${text}"` };
      all.push(c);
    }
    alternatives.push(all);
  }
  return { ok: true, value: alternatives };
}

/**
 * The minors among `known` that a constraint claims: those for which some patch release satisfies it (patches up to
 * a bound no Kubernetes minor reaches).
 */
export function claimedMinors(constraint: string, known: readonly number[]): ParseResult<number[]> {
  const parsed = parseConstraint(constraint);
  if (!parsed.ok) return parsed;
  const satisfies = (v: Version) => parsed.value.some((all) => all.every((c) => c(v)));
  const PATCHES = 100;
  return {
    ok: true,
    value: known.filter((minor) => {
      for (let patch = 0; patch < PATCHES; patch++) if (satisfies({ major: 1, minor, patch })) return true;
      return false;
    }),
  };
}
