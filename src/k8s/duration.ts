/** Go's time.ParseDuration, for CEL `duration(...)` literals and the `duration` format. */
// Upstream: golang/go:src/time/format.go (ParseDuration, leadingInt, leadingFraction)

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  "\u00b5s": 1000n,
  "\u03bcs": 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n,
};
const LIMIT = 1n << 63n;

/** Go time.ParseDuration; returns nanoseconds or null when invalid. */
export function parseGoDuration(input: string): bigint | null {
  let s = input;
  let neg = false;
  if (s.length > 0 && (s[0] === "-" || s[0] === "+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") return null;
  let d = 0n;
  while (s !== "") {
    const c0 = s[0]!;
    if (!(c0 === "." || (c0 >= "0" && c0 <= "9"))) return null;
    let i = 0;
    let v = 0n;
    while (i < s.length && s[i]! >= "0" && s[i]! <= "9") {
      v = v * 10n + BigInt(s.charCodeAt(i) - 48);
      if (v > LIMIT) return null;
      i++;
    }
    const pre = i > 0;
    s = s.slice(i);
    let post = false;
    let f = 0n;
    let scale = 1;
    if (s !== "" && s[0] === ".") {
      s = s.slice(1);
      let j = 0;
      let overflow = false;
      while (j < s.length && s[j]! >= "0" && s[j]! <= "9") {
        if (!overflow) {
          if (f > (LIMIT - 1n) / 10n) overflow = true;
          else {
            f = f * 10n + BigInt(s.charCodeAt(j) - 48);
            scale *= 10;
          }
        }
        j++;
      }
      post = j > 0;
      s = s.slice(j);
    }
    if (!pre && !post) return null;
    let u = 0;
    while (u < s.length && !(s[u] === "." || (s[u]! >= "0" && s[u]! <= "9"))) u++;
    if (u === 0) return null;
    const unit = UNITS[s.slice(0, u)];
    if (unit === undefined) return null;
    s = s.slice(u);
    if (v > LIMIT / unit) return null;
    v *= unit;
    if (f > 0n) {
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > LIMIT) return null;
    }
    d += v;
    if (d > LIMIT) return null;
  }
  if (neg) return -d;
  if (d > LIMIT - 1n) return null;
  return d;
}

// Upstream: kubernetes/kube-openapi:pkg/validation/strfmt/duration.go (ParseDuration, timeUnits, durationMatcher): the
// same in every kube-openapi Kubernetes 1.16–1.38 use.
const STRFMT_UNITS: readonly (readonly [string, ...string[]])[] = [
  ["ns", "nano"],
  ["us", "\u00b5s", "micro"],
  ["ms", "milli"],
  ["s", "sec"],
  ["m", "min"],
  ["h", "hr", "hour"],
  ["d", "day"],
  ["w", "wk", "week"],
];
const STRFMT_MULTIPLIERS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n,
  d: 86400000000000n,
  w: 604800000000000n,
};
const INT64_MAX = (1n << 63n) - 1n;

/** strfmt.ParseDuration's outcome: nanoseconds, or the error it returns. */
export type StrfmtDuration = { ns: bigint; error?: undefined } | { ns?: undefined; error: string };

/**
 * strfmt.ParseDuration, which the `duration` format and CEL's view of a duration-format string both use: Go's
 * time.ParseDuration, else every `<digits><space>*<letters>` piece of the string (durationMatcher, anywhere in it, no
 * sign) whose unit is a known one or starts with a unit's long name (`5minutes`), summed. Pieces with an unknown unit
 * are skipped, so `0a1b2c3d-` is 3 days and `-3d` is +3 days. Go's int64 arithmetic wraps; strconv.Atoi fails on a
 * factor past int64.
 */
export function parseStrfmtDuration(cand: string): StrfmtDuration {
  const go = parseGoDuration(cand);
  if (go !== null) return { ns: go };
  let dur = 0n;
  let ok = false;
  for (const m of cand.matchAll(/([0-9]+)[\t\n\f\r ]*([A-Za-z\u00b5]+)/g)) {
    const digits = m[1]!;
    const factor = BigInt(digits);
    if (factor > INT64_MAX) return { error: `strconv.Atoi: parsing "${digits}": value out of range` };
    const unit = m[2]!.toLowerCase();
    for (const variants of STRFMT_UNITS) {
      const last = variants.length - 1;
      const multiplier = STRFMT_MULTIPLIERS[variants[0]]!;
      variants.forEach((variant, i) => {
        if ((i === last && unit.startsWith(variant)) || variant === unit) {
          ok = true;
          dur = BigInt.asIntN(64, dur + BigInt.asIntN(64, factor * multiplier));
        }
      });
    }
  }
  return ok ? { ns: dur } : { error: `unable to parse ${cand} as duration` };
}
