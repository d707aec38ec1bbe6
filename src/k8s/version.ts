/** Kubernetes releases crdlint knows, and the kube-aware version order of apimachinery's version helpers. */
// Upstream: kubernetes/apimachinery:pkg/version/helpers.go (CompareKubeAwareVersionStrings)

import {
  isKnownRelease,
  NEWEST_KUBERNETES_MINOR,
  OLDEST_KUBERNETES_MINOR,
  PRERELEASE_KUBERNETES_MINOR,
  prereleaseOf,
  supportedReleases,
} from "./releases.js";

export const DEFAULT_KUBERNETES_VERSION = `1.${NEWEST_KUBERNETES_MINOR}`;

export interface KubernetesVersion {
  major: 1;
  minor: number;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function parseKubernetesVersion(text: string): ParseResult<KubernetesVersion> {
  const m = /^v?1\.(\d+)(?:\.\d+)?$/.exec(text.trim());
  if (!m)
    return {
      ok: false,
      error: `invalid Kubernetes version "${text}" (expected 1.N, e.g. ${DEFAULT_KUBERNETES_VERSION})`,
    };
  const minor = Number(m[1]);
  if (!isKnownRelease(minor))
    return {
      ok: false,
      error: `unsupported Kubernetes version "${text}" (crdlint knows 1.${OLDEST_KUBERNETES_MINOR} to 1.${NEWEST_KUBERNETES_MINOR}, and 1.${PRERELEASE_KUBERNETES_MINOR} as a pre-release)`,
    };
  return { ok: true, value: { major: 1, minor } };
}

/** What `-k` (and the library's kubernetesVersion) asks for: one release, or several judged in one run. */
export interface ReleaseSpec {
  /** The minors, oldest first (one for a single release). */
  minors: number[];
  /** Written as a range (`1.28..1.37`) or `supported`: the run reports per release, even when it holds one. */
  range: boolean;
}

/** The spelling of a range of releases, `1.28..1.37` (both ends included). */
const RANGE = /^\s*(v?1\.\d+(?:\.\d+)?)\s*\.\.\s*(v?1\.\d+(?:\.\d+)?)\s*$/;

/**
 * `1.N` (one release), `1.A..1.B` (every minor from A to B) or `supported` (the minors upstream supports on `today`,
 * src/k8s/releases.ts RELEASE_SUPPORT).
 */
export function parseReleaseSpec(text: string, today: Date = new Date()): ParseResult<ReleaseSpec> {
  if (text.trim() === "supported") {
    const minors = supportedReleases(today);
    if (minors.length === 0)
      return {
        ok: false,
        error: `no release crdlint knows is supported upstream on ${today.toISOString().slice(0, 10)}`,
      };
    return { ok: true, value: { minors, range: true } };
  }
  const m = RANGE.exec(text);
  if (!m) {
    const one = parseKubernetesVersion(text);
    if (!one.ok)
      return {
        ok: false,
        error: one.error.startsWith("invalid")
          ? `invalid Kubernetes version "${text}" (expected 1.N, e.g. ${DEFAULT_KUBERNETES_VERSION}, a range such as 1.28..${DEFAULT_KUBERNETES_VERSION}, or supported)`
          : one.error,
      };
    return { ok: true, value: { minors: [one.value.minor], range: false } };
  }
  const from = parseKubernetesVersion(m[1]!);
  const to = parseKubernetesVersion(m[2]!);
  if (!from.ok) return { ok: false, error: from.error };
  if (!to.ok) return { ok: false, error: to.error };
  if (to.value.minor < from.value.minor)
    return { ok: false, error: `empty range of releases "${text.trim()}" (the first release comes after the last)` };
  const minors: number[] = [];
  for (let minor = from.value.minor; minor <= to.value.minor; minor++) minors.push(minor);
  return { ok: true, value: { minors, range: true } };
}

/** How a run's releases are written: `1.28..1.37` when they follow each other, else listed (`1.28, 1.30`). */
export function formatReleases(minors: readonly number[]): string {
  if (minors.length === 1) return `1.${minors[0]}`;
  const contiguous = minors.every((m, i) => i === 0 || m === minors[i - 1]! + 1);
  return contiguous ? `1.${minors[0]}..1.${minors[minors.length - 1]}` : minors.map((m) => `1.${m}`).join(", ");
}

/** Releases as a reader takes them in: runs of consecutive minors joined with an en dash (`1.28–1.30, 1.33`). */
export function describeReleases(minors: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < minors.length;) {
    let j = i;
    while (j + 1 < minors.length && minors[j + 1] === minors[j]! + 1) j++;
    parts.push(i === j ? `1.${minors[i]}` : `1.${minors[i]}–1.${minors[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}

export function formatKubernetesVersion(v: KubernetesVersion): string {
  return `1.${v.minor}`;
}

/**
 * The pre-release module version a release text ("1.38") was read from, or undefined for a released minor (and for a
 * text that is no release): outputs add it beside `kubernetesVersion`.
 */
export function kubernetesPrerelease(release: string): string | undefined {
  // One release, or a range that ends at the pre-release (`1.36..1.38`).
  const m = /^(?:1\.\d+\.\.)?1\.(\d+)$/.exec(release);
  return m ? prereleaseOf(Number(m[1])) : undefined;
}

/** `{ prerelease: "v0.38.0-alpha.2" }` for the pre-release, `{}` otherwise: spread beside `kubernetesVersion` in JSON. */
export function prereleaseField(release: string): { prerelease?: string } {
  const pre = kubernetesPrerelease(release);
  return pre === undefined ? {} : { prerelease: pre };
}

/** `{ kubernetesVersion, prerelease }` for the pre-release, `{}` otherwise: spread before a document that has the release. */
export function withPrerelease(release: string): { kubernetesVersion?: string; prerelease?: string } {
  const pre = kubernetesPrerelease(release);
  return pre === undefined ? {} : { kubernetesVersion: release, prerelease: pre };
}

/** How a text output names a release: "1.37", or "1.38 (pre-release, v0.38.0-alpha.2)". */
export function describeKubernetesRelease(release: string): string {
  const pre = kubernetesPrerelease(release);
  if (pre === undefined) return release;
  // A range names which of its releases is the pre-release.
  return release.includes("..")
    ? `${release} (1.${PRERELEASE_KUBERNETES_MINOR}: pre-release, ${pre})`
    : `${release} (pre-release, ${pre})`;
}

interface KubeLike {
  major: number;
  type: number; // 2 GA, 1 beta, 0 alpha
  minor: number;
}

const kubeLikeRe = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

/** Whether strconv.Atoi parses the digits without overflow (a 64-bit int). */
function fitsGoInt(n: number): boolean {
  return Number.isSafeInteger(n) && n <= 2 ** 63 - 1;
}

function parseKubeLike(v: string): KubeLike | null {
  const m = kubeLikeRe.exec(v);
  if (!m) return null;
  const major = Number(m[1]);
  const minor = m[3] === undefined ? 0 : Number(m[3]);
  // Go parses with strconv.Atoi; overflow makes the name non-kube-like.
  if (!fitsGoInt(major) || !fitsGoInt(minor)) return null;
  const type = m[2] === undefined ? 2 : m[2] === "beta" ? 1 : 0;
  return { major, type, minor };
}

export function isKubeLikeVersion(v: string): boolean {
  return parseKubeLike(v) !== null;
}

/** > 0 when v1 has higher priority than v2 (sorts first). */
export function compareKubeAwareVersionStrings(v1: string, v2: string): number {
  if (v1 === v2) return 0;
  const a = parseKubeLike(v1);
  const b = parseKubeLike(v2);
  if (a && !b) return 1;
  if (!a && b) return -1;
  if (!a || !b) return v1 < v2 ? 1 : -1;
  if (a.type !== b.type) return a.type - b.type;
  if (a.major !== b.major) return a.major - b.major;
  if (a.minor !== b.minor) return a.minor - b.minor;
  return 0;
}

/** Highest priority first, as discovery lists versions. */
export function sortByVersionPriority(names: readonly string[]): string[] {
  return [...names].sort((x, y) => compareKubeAwareVersionStrings(y, x));
}

/**
 * The warning the apiserver sends for a deprecated version without a deprecationWarning (customresource_handler.go
 * defaultDeprecationWarning): `<group>/<version> <Kind> is deprecated`, and `; use <group>/<v> <Kind>` naming the
 * highest-priority served, non-deprecated version above it.
 */
export function defaultDeprecationWarning(
  group: string,
  kind: string,
  version: string,
  versions: Iterable<{ name: string; served: boolean; deprecated: boolean }>,
): string {
  let text = `${group}/${version} ${kind} is deprecated`;
  let best: string | null = null;
  for (const o of versions) {
    if (!o.served || o.deprecated || o.name === version) continue;
    if (compareKubeAwareVersionStrings(o.name, version) <= 0) continue;
    if (best === null || compareKubeAwareVersionStrings(o.name, best) > 0) best = o.name;
  }
  if (best !== null) text += `; use ${group}/${best} ${kind}`;
  return text;
}
