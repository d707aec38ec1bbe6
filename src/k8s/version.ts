/** Kubernetes releases crdlint knows, and the kube-aware version order of apimachinery's version helpers. */
// Upstream: kubernetes/apimachinery:pkg/version/helpers.go (CompareKubeAwareVersionStrings)

import {
  isKnownRelease,
  NEWEST_KUBERNETES_MINOR,
  OLDEST_KUBERNETES_MINOR,
  PRERELEASE_KUBERNETES_MINOR,
  prereleaseOf,
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

export function formatKubernetesVersion(v: KubernetesVersion): string {
  return `1.${v.minor}`;
}

/**
 * The pre-release module version a release text ("1.38") was read from, or undefined for a released minor (and for a
 * text that is no release): outputs add it beside `kubernetesVersion`.
 */
export function kubernetesPrerelease(release: string): string | undefined {
  const m = /^1\.(\d+)$/.exec(release);
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
  return pre === undefined ? release : `${release} (pre-release, ${pre})`;
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
