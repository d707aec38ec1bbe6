// JSON text → JS value with numbers kept exact: the oracle prints Go's JSON, whose integers may exceed 2^53.
// Numbers come back as { num: "<text>" } so the comparison can map them the way crdlint reads kubectl's JSON.

export class JsonNumber {
  constructor(text) {
    this.text = text;
  }
}

export function parseExact(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i++;
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const out = {};
      ws();
      if (text[i] === "}") return i++, out;
      for (;;) {
        ws();
        const k = str();
        ws();
        if (text[i++] !== ":") throw new SyntaxError(`expected : at ${i - 1}`);
        // Go's JSON never repeats a key; a later one would win as in JSON.parse.
        Object.defineProperty(out, k, { value: value(), enumerable: true, writable: true, configurable: true });
        ws();
        const d = text[i++];
        if (d === "}") return out;
        if (d !== ",") throw new SyntaxError(`expected , or } at ${i - 1}`);
      }
    }
    if (c === "[") {
      i++;
      const out = [];
      ws();
      if (text[i] === "]") return i++, out;
      for (;;) {
        out.push(value());
        ws();
        const d = text[i++];
        if (d === "]") return out;
        if (d !== ",") throw new SyntaxError(`expected , or ] at ${i - 1}`);
      }
    }
    if (c === '"') return str();
    if (text.startsWith("true", i)) return (i += 4), true;
    if (text.startsWith("false", i)) return (i += 5), false;
    if (text.startsWith("null", i)) return (i += 4), null;
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m) throw new SyntaxError(`unexpected ${JSON.stringify(text.slice(i, i + 10))} at ${i}`);
    i += m[0].length;
    return new JsonNumber(m[0]);
  };
  const str = () => {
    if (text[i] !== '"') throw new SyntaxError(`expected string at ${i}`);
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    const s = JSON.parse(text.slice(i, j + 1));
    i = j + 1;
    return s;
  };
  const v = value();
  ws();
  if (i !== text.length) throw new SyntaxError(`trailing text at ${i}`);
  return v;
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const LARGEST_DOUBLE_BELOW_2_63 = 2 ** 63 - 1024;

/**
 * A JSON value with `leaf` applied to every value that is not an array or an object (a JsonNumber is a leaf), keys
 * kept as own properties whatever their name (`__proto__` included).
 */
export function mapJsonLeaves(v, leaf) {
  if (v instanceof JsonNumber) return leaf(v);
  if (Array.isArray(v)) return v.map((x) => mapJsonLeaves(x, leaf));
  if (v !== null && typeof v === "object") {
    const out = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: mapJsonLeaves(x, leaf), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return leaf(v);
}

/**
 * The JS value crdlint holds for a JSON value the apiserver decodes: an integer that fits int64 is an int64 (a
 * double near 2^63 is kept below it, as crdlint's loader does, so that it stays an int64), anything else a float64;
 * -0 is 0 (Go's JSON writes float64 -0 as "-0", which reads back as the integer 0).
 */
export function toCrdlintValue(v) {
  return mapJsonLeaves(v, (x) => {
    if (!(x instanceof JsonNumber)) return x;
    if (/^-?[0-9]+$/.test(x.text)) {
      const b = BigInt(x.text);
      if (b >= INT64_MIN && b <= INT64_MAX) {
        const n = Number(b);
        return n >= 2 ** 63 ? LARGEST_DOUBLE_BELOW_2_63 : n === 0 ? 0 : n;
      }
    }
    const n = Number(x.text);
    return n === 0 ? 0 : n;
  });
}

/** Deep equality of plain JSON-like values, object keys unordered; numbers by value (-0 equals 0). */
export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return (Number.isNaN(a) && Number.isNaN(b)) || a === b;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

/** The first path where two values differ, for the divergence report. */
export function firstDifference(a, b, path = "") {
  if (deepEqual(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const p = Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`;
      if (!(k in a)) return `${p}: only the oracle has it (${short(b[k])})`;
      if (!(k in b)) return `${p}: only crdlint has it (${short(a[k])})`;
      const d = firstDifference(a[k], b[k], p);
      if (d) return d;
    }
  }
  return `${path || "(root)"}: crdlint ${short(a)} vs oracle ${short(b)}`;
}

function short(v) {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 120 ? s.slice(0, 117) + "..." : s;
}
