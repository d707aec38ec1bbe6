/**
 * Where a file sits in a repository, as far as it changes how the file is read: a Helm chart's `templates/` (Go
 * templates, YAML only once rendered) and `crds/` (plain CRDs that Helm creates itself, without client-side apply),
 * and a kustomize directory (a kustomization's patches are partial objects, not whole CRDs). The engine gets the
 * answer as data (InputLayout); this module is the only one that looks at the file system for it.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { parse } from "yaml";
import { isPlainObject } from "../k8s/go.js";

/**
 * How the CRDs of a file reach the cluster, which decides what the apply itself adds to them:
 * `client-side`: `kubectl apply` (kubectl's default), which writes the last-applied-configuration annotation;
 * `server-side`: `kubectl apply --server-side`, `kubectl create`/`replace`, most GitOps tools: no such annotation;
 * `helm`: a Helm chart's `crds/` directory, which Helm creates (and never updates) without that annotation.
 */
export const APPLY_METHODS = ["client-side", "server-side", "helm"] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];

export const isApplyMethod = (v: unknown): v is ApplyMethod =>
  typeof v === "string" && (APPLY_METHODS as readonly string[]).includes(v);

/** What the layout says about one input file (plain data: it crosses to worker threads). */
export interface InputLayout {
  /** The file is under a Helm chart (a directory with Chart.yaml): in its `templates/` or its `crds/` tree. */
  chart?: { part: "templates" | "crds"; dir: string };
  /** The nearest kustomization above the file (its path as the user would write it) and what it lists the file as. */
  kustomize?: {
    kustomization: string;
    dir: string;
    listedAs: "patch" | "configuration" | "resource" | "kustomization" | null;
  };
  /** How the file's CRDs are applied when the layout tells (a chart's crds/: helm). */
  applyMethod?: ApplyMethod;
  /** The `kubeVersion` of the nearest chart above the file (Chart.yaml): the releases the chart claims to support. */
  kubeVersion?: { constraint: string; chartFile: string };
}

const KUSTOMIZATION_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];

/** A kustomization (kustomize's configuration of its directory, kubebuilder's config/samples/kustomization.yaml): by its name, as kustomize finds it. */
export function isKustomizationFile(file: string): boolean {
  return file !== "-" && KUSTOMIZATION_FILES.includes(basename(file));
}

/** The user's spelling of a path: relative to cwd when under it. */
function shown(abs: string, cwd: string): string {
  const rel = relative(cwd, abs);
  return rel === "" ? "." : rel.startsWith("..") ? abs : rel.split(sep).join("/");
}

type KustomizeListing = "patch" | "configuration" | "resource";

/** What one directory holds that layouts look for; a run keeps them (LayoutCache) since files share directories. */
interface DirFacts {
  kustomization: string | null;
  chart: boolean;
  repositoryRoot: boolean;
  /** What the kustomization lists, by absolute path: read once, when a file under it first asks. */
  listing?: Map<string, KustomizeListing>;
  /** The chart's kubeVersion (null: none, or Chart.yaml unreadable): read once, when a file under it first asks. */
  kubeVersion?: string | null;
}

/** A run's memory of the directories it looked at (one per run or worker: never module state). */
export type LayoutCache = Map<string, DirFacts>;

function factsOf(dir: string, cache: LayoutCache | undefined): DirFacts {
  const known = cache?.get(dir);
  if (known) return known;
  const facts = {
    kustomization: KUSTOMIZATION_FILES.find((n) => existsSync(join(dir, n))) ?? null,
    chart: existsSync(join(dir, "Chart.yaml")),
    repositoryRoot: existsSync(join(dir, ".git")),
  };
  cache?.set(dir, facts);
  return facts;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The chart part of a file: the nearest `templates` or `crds` directory above it whose parent holds Chart.yaml. */
function chartPart(abs: string, cwd: string, cache: LayoutCache | undefined): InputLayout["chart"] {
  for (let dir = dirname(abs); dirname(dir) !== dir; dir = dirname(dir)) {
    const name = basename(dir);
    if ((name === "templates" || name === "crds") && factsOf(dirname(dir), cache).chart)
      return { part: name, dir: shown(dirname(dir), cwd) };
    // A repository's root ends the search: a chart does not reach above it.
    if (factsOf(dir, cache).repositoryRoot) return undefined;
  }
  return undefined;
}

/** The paths a kustomization names in `key` (a list of paths, or of objects with `path`), resolved. */
function listed(k: Record<string, unknown>, key: string, dir: string): string[] {
  const v = k[key];
  if (!Array.isArray(v)) return [];
  return v.flatMap((e) =>
    typeof e === "string"
      ? [resolve(dir, e)]
      : isPlainObject(e) && typeof e.path === "string"
        ? [resolve(dir, e.path)]
        : [],
  );
}

/** What the kustomization of `dir` lists as what (a patch before a configuration before a resource, as files are asked). */
function listingOf(facts: DirFacts, dir: string): Map<string, KustomizeListing> {
  if (facts.listing) return facts.listing;
  let k: unknown = null;
  try {
    k = parse(readFileSync(join(dir, facts.kustomization!), "utf8"));
  } catch {
    // A kustomization that cannot be read lists nothing; the files are still under it.
  }
  const obj = isPlainObject(k) ? k : {};
  const listing = new Map<string, KustomizeListing>();
  const roles: [KustomizeListing, string[]][] = [
    ["patch", ["patches", "patchesStrategicMerge", "patchesJson6902"]],
    ["configuration", ["configurations"]],
    ["resource", ["resources", "crds", "bases"]],
  ];
  for (const [role, keys] of roles)
    for (const key of keys) for (const p of listed(obj, key, dir)) if (!listing.has(p)) listing.set(p, role);
  facts.listing = listing;
  return listing;
}

function kustomizeRole(abs: string, cwd: string, cache: LayoutCache | undefined): InputLayout["kustomize"] {
  for (let dir = dirname(abs); dirname(dir) !== dir; dir = dirname(dir)) {
    const facts = factsOf(dir, cache);
    const name = facts.kustomization;
    if (name) {
      const file = join(dir, name);
      const at = { kustomization: shown(file, cwd), dir: shown(dir, cwd) };
      if (file === abs) return { ...at, listedAs: "kustomization" };
      return { ...at, listedAs: listingOf(facts, dir).get(abs) ?? null };
    }
    if (facts.repositoryRoot) return undefined;
  }
  return undefined;
}

/** The chart's `kubeVersion` constraint, read from its Chart.yaml once per run. */
function kubeVersionOf(facts: DirFacts, dir: string): string | null {
  if (facts.kubeVersion !== undefined) return facts.kubeVersion;
  let chart: unknown = null;
  try {
    chart = parse(readFileSync(join(dir, "Chart.yaml"), "utf8"));
  } catch {
    // A Chart.yaml that cannot be read claims nothing; Helm itself would refuse the chart.
  }
  const v = isPlainObject(chart) ? chart.kubeVersion : undefined;
  facts.kubeVersion = typeof v === "string" && v.trim() !== "" ? v.trim() : null;
  return facts.kubeVersion;
}

/**
 * The `kubeVersion` a file's chart claims: the nearest directory above the file that holds Chart.yaml (a chart's
 * crds/ and templates/ files, and any file kept inside a chart), not above a repository's root.
 */
export function chartKubeVersion(file: string, cwd: string, cache?: LayoutCache): InputLayout["kubeVersion"] {
  if (file === "-") return undefined;
  const abs = resolve(cwd, file);
  for (let dir = dirname(abs); dirname(dir) !== dir; dir = dirname(dir)) {
    const facts = factsOf(dir, cache);
    if (facts.chart) {
      const constraint = kubeVersionOf(facts, dir);
      return constraint === null ? undefined : { constraint, chartFile: shown(join(dir, "Chart.yaml"), cwd) };
    }
    if (facts.repositoryRoot) return undefined;
  }
  return undefined;
}

/** The layout of one input file (`-`, standard input, has none); `cache` spares the directories' checks to later files. */
export function inputLayout(file: string, cwd: string, cache?: LayoutCache): InputLayout {
  if (file === "-") return {};
  const abs = resolve(cwd, file);
  // A name that is no file (a library text's "<text>") has no place in a repository.
  if (!existsSync(abs) || isDir(abs)) return {};
  const chart = chartPart(abs, cwd, cache);
  const kustomize = kustomizeRole(abs, cwd, cache);
  const kubeVersion = chartKubeVersion(file, cwd, cache);
  return {
    ...(chart ? { chart } : {}),
    ...(kustomize ? { kustomize } : {}),
    ...(chart?.part === "crds" ? { applyMethod: "helm" as const } : {}),
    ...(kubeVersion ? { kubeVersion } : {}),
  };
}
