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
