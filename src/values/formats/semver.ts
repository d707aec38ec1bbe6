/**
 * Semantic versions as blang/semver v4 parses them (kube-openapi strfmt semver.go).
 */

/** blang/semver v4 Parse. */
export function isSemver(s: string): boolean {
  if (s.length === 0) return false;
  const first = s.indexOf(".");
  const second = first < 0 ? -1 : s.indexOf(".", first + 1);
  if (second < 0) return false;
  const parts = [s.slice(0, first), s.slice(first + 1, second), s.slice(second + 1)];
  const numeric = (x: string) => /^[0-9]+$/.test(x) && !(x.length > 1 && x[0] === "0") && BigInt(x) < 1n << 64n;
  if (!numeric(parts[0]!) || !numeric(parts[1]!)) return false;
  const rest = parts[2]!;
  const pre = rest.indexOf("-");
  const build = rest.indexOf("+");
  let sub: number;
  if (pre !== -1 && build === -1) sub = pre;
  else if (pre === -1 && build !== -1) sub = build;
  else if (pre === -1 && build === -1) sub = rest.length;
  else sub = Math.min(pre, build);
  if (!numeric(rest.slice(0, sub))) return false;
  const alnum = /^[0-9A-Za-z-]+$/;
  if (pre !== -1 && (build === -1 || pre < build)) {
    const prerelease = rest.slice(pre + 1, build === -1 ? undefined : build);
    for (const p of prerelease.split(".")) {
      if (p.length === 0) return false;
      if (/^[0-9]+$/.test(p)) {
        if (p.length > 1 && p[0] === "0") return false;
      } else if (!alnum.test(p)) return false;
    }
  }
  if (build !== -1) {
    for (const b of rest.slice(build + 1).split(".")) if (b.length === 0 || !alnum.test(b)) return false;
  }
  return true;
}
