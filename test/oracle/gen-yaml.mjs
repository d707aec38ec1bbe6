// Random YAML streams for the loader family: the edges where kubectl's reader (go-yaml v2 through sigs.k8s.io/yaml)
// and a YAML 1.2 library part ways: YAML 1.1 scalar resolution, tags, anchors and aliases, merge keys, duplicate and
// non-string keys, block scalars and their chomping, flow style, documents and their markers.

const PLAIN_SCALARS = [
  // booleans and nulls, YAML 1.1 and 1.2 spellings
  "y", "Y", "n", "N", "yes", "Yes", "NO", "on", "On", "OFF", "true", "False", "TRUE", "~", "null", "Null", "NULL",
  // integers in every base go-yaml reads, with signs and underscores
  "0", "-0", "+0", "7", "-7", "+12", "007", "0o17", "0O17", "0x1F", "0X1f", "-0x1F", "0b101", "-0b101", "0B11", "08", "0_7", "1_000", "1__0", "_1", "1_",
  "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
  "0xFFFFFFFFFFFFFFFF", "0x10000000000000000", "0b1111111111111111111111111111111111111111111111111111111111111111",
  // floats
  "1.0", "-1.5", "1e3", "1E3", "1e+3", "1.5e-3", "e3", "1e", ".5", "-.5", "+.5", "5.", "._5", ".5_0", "1_0.5", "1.2.3", "0.1e400", "1e400", "-1e400", "4.9e-324", "1e-400",
  ".inf", ".Inf", "-.INF", "+.inf", ".nan", ".NaN", "inf", "nan", "Infinity",
  // dates and times (timestamps stay text), sexagesimal (YAML 1.1 only; go-yaml v2 reads a string)
  "2001-12-14", "2001-12-14T21:59:43.10-05:00", "2001-12-14 21:59:43.10", "2001-12-14t21:59:43Z", "2001-02-30", "12:30", "1:20:30", "190:20:30.15",
  // words and near-words
  "hello", "Hello World", "a b", "x:y", "http://example.com/a?b=c#d", "a#b", "-a", "--", "- a", "?x", "<<", "=", "!", "%", "@", "`",
  "foo bar baz", "yes please", "0x", "0o", "0b", "+", "-", ".", "1.", "1e-", "0.0.0.0", "::1", "10.0.0.1/8", "__proto__", "constructor",
];

const WORD_KEYS = ["a", "b", "name", "spec", "type", "x-y", "value", "key with spaces", "y", "n", "yes", "off", "true", "null", "1", "0x1F", "1.5", "1e3", "~", "2001-12-14", "<<", "__proto__", "toString", ".inf", "-.Inf", ".nan"];

function plainOk(s) {
  // Plain scalars the generator may write unquoted; the others get quoted (a parse error is not what we test here).
  if (s === "" || /^[\s]|[\s]$/.test(s)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(s) && !/^-[0-9.]/.test(s) && !/^-[a-zA-Z]/.test(s)) return false;
  if (/: |:$| #/.test(s)) return false;
  return !/[\n\t]/.test(s);
}

function dq(s) {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += "\\x" + c.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + '"';
}

function sq(s) {
  return "'" + s.replace(/'/g, "''") + "'";
}

function randomText(r) {
  return r.weighted([
    [6, () => r.pick(PLAIN_SCALARS)],
    [2, () => r.pick(["", " lead", "trail ", "line1\nline2", "tab\there", "quote\"d", "it's", "é ü ß", "日本", "emoji 😀", "back\\slash", "#notcomment", "a: b", "- x"])],
    [1, () => Array.from({ length: r.range(1, 12) }, () => r.pick("abcxyz019 -_.:/#'\"\\".split(""))).join("")],
  ])();
}

/** A scalar as YAML text (flow context when `flow`): plain, quoted, or (block context) a block scalar. */
function scalarText(r, value, indent, flow) {
  const styles = [];
  if (plainOk(value) && !(flow && /[,[\]{}]/.test(value))) styles.push([6, "plain"]);
  styles.push([2, "double"], [1, "single"]);
  if (!flow && !/^\s|\t/.test(value)) styles.push([1, "literal"], [1, "folded"]);
  const style = r.weighted(styles);
  if (style === "plain") return value;
  if (style === "double") return dq(value);
  // A line break in a single-quoted scalar is written as an empty line; continuation lines are indented.
  if (style === "single") return sq(value).replace(/\n/g, "\n\n" + " ".repeat(indent + 2));
  const chomp = r.pick(["", "-", "+"]);
  const pad = " ".repeat(indent + 2);
  const body = (value === "" ? [""] : value.split("\n")).map((l) => (l === "" ? "" : pad + l)).join("\n");
  return `${style === "literal" ? "|" : ">"}${chomp}\n${body}${r.chance(0.3) ? "\n" : ""}`;
}

function tagged(r, text) {
  if (!r.chance(0.08)) return text;
  const tag = r.pick(["!!str", "!!int", "!!float", "!!bool", "!!null", "!!binary", "!!timestamp", "!custom", "!!map", "!!seq", "!<tag:yaml.org,2002:str>"]);
  return `${tag} ${text}`;
}

/**
 * Builds a value tree and prints it; anchors are collected so that later nodes may alias them, and maps may merge
 * anchored maps (`<<: *m`, `<<: [*m, *n]`).
 */
class Writer {
  constructor(r) {
    this.r = r;
    this.anchors = []; // {name, kind: "map"|"seq"|"scalar"}
    this.n = 0;
  }

  anchor(kind) {
    if (!this.r.chance(0.12)) return "";
    const name = this.r.chance(0.2) && this.anchors.length ? this.r.pick(this.anchors).name : `a${this.n++}`;
    this.anchors.push({ name, kind });
    return `&${name} `;
  }

  alias(kind) {
    const c = this.anchors.filter((a) => !kind || a.kind === kind);
    return c.length ? `*${this.r.pick(c).name}` : null;
  }

  key(r, flow) {
    return r.weighted([
      [8, () => scalarText(r, r.pick(WORD_KEYS), 0, true).split("\n")[0]],
      // An alias key needs a space before its colon (`*a :`): YAML 1.2 reads `*a:` as the alias "a:".
      [0.5, () => { const a = this.alias("scalar"); return a ? `${a} ` : "k"; }],
      [1, () => dq(r.pick(WORD_KEYS))],
      [0.3, () => (flow ? "[a, b]" : "? [a, b]\n")],
      [0.3, () => "!!str 1"],
      [0.3, () => '""'],
    ])();
  }

  value(depth, indent, flow) {
    const r = this.r;
    if (depth <= 0 || r.chance(0.35)) {
      const al = r.chance(0.06) ? this.alias() : null;
      if (al) return { text: al, block: false };
      const v = randomText(r);
      const t = scalarText(r, v, indent, flow);
      const a = this.anchor("scalar");
      return { text: tagged(r, a + t), block: !flow && /^[|>]/.test(t) };
    }
    if (flow || r.chance(0.2)) return { text: this.flowCollection(depth, indent), block: false };
    return r.chance(0.55) ? this.blockMap(depth, indent) : this.blockSeq(depth, indent);
  }

  flowCollection(depth, indent) {
    const r = this.r;
    const n = r.range(0, 4);
    const items = [];
    if (r.chance(0.5)) {
      const seen = [];
      for (let i = 0; i < n; i++) {
        let k = this.key(r, true);
        if (k.startsWith("? ")) k = "a";
        if (seen.length && r.chance(0.05)) k = r.pick(seen);
        seen.push(k);
        items.push(`${k}: ${this.value(depth - 1, indent, true).text}`);
      }
      return `${this.anchor("map")}{${items.join(", ")}}`;
    }
    for (let i = 0; i < n; i++) items.push(this.value(depth - 1, indent, true).text);
    return `${this.anchor("seq")}[${items.join(", ")}]`;
  }

  blockMap(depth, indent) {
    const r = this.r;
    const pad = " ".repeat(indent);
    const lines = [];
    const n = r.range(1, 5);
    const seen = [];
    for (let i = 0; i < n; i++) {
      if (r.chance(0.06)) {
        const m = this.anchors.filter((a) => a.kind === "map");
        if (m.length) {
          lines.push(`${pad}<<: ${r.chance(0.3) && m.length > 1 ? `[*${r.pick(m).name}, *${r.pick(m).name}]` : `*${r.pick(m).name}`}`);
          continue;
        }
      }
      let k = this.key(r, false);
      if (seen.length && r.chance(0.04)) k = r.pick(seen);
      seen.push(k);
      if (k.startsWith("? ")) {
        lines.push(`${pad}? [a, b]`, `${pad}: x`);
        continue;
      }
      const v = this.value(depth - 1, indent + 2, false);
      if (v.block) lines.push(`${pad}${k}: ${v.text.replace(/\n/g, "\n")}`);
      else if (v.nested) lines.push(`${pad}${k}:${v.prefix ? " " + v.prefix : ""}\n${v.text}`);
      else lines.push(`${pad}${k}: ${v.text}`);
      if (r.chance(0.05)) lines.push(`${pad}# a comment`);
    }
    const a = this.anchor("map").trim();
    return { text: lines.join("\n"), block: false, nested: true, prefix: a };
  }

  blockSeq(depth, indent) {
    const r = this.r;
    const pad = " ".repeat(indent);
    const lines = [];
    const n = r.range(1, 4);
    for (let i = 0; i < n; i++) {
      const v = this.value(depth - 1, indent + 2, false);
      if (v.nested) lines.push(`${pad}-${v.prefix ? " " + v.prefix : ""}\n${v.text}`);
      else lines.push(`${pad}- ${v.text}`);
    }
    const a = this.anchor("seq").trim();
    return { text: lines.join("\n"), block: false, nested: true, prefix: a };
  }
}

/** One YAML stream: one to three documents, most of them maps (what a manifest is). */
export function generateYaml(r) {
  const docs = [];
  const count = r.weighted([[6, 1], [2, 2], [1, 3]]);
  for (let i = 0; i < count; i++) {
    const w = new Writer(r);
    const top = r.chance(0.85) ? w.blockMap(r.range(1, 4), 0) : w.value(r.range(0, 3), 0, false);
    let text = top.nested ? (top.prefix ? `${top.prefix}\n${top.text}` : top.text) : top.text;
    if (r.chance(0.04)) text = "";
    docs.push(text);
  }
  let out = "";
  docs.forEach((d, i) => {
    if (i > 0 || r.chance(0.2)) out += r.pick(["---\n", "---\n", "--- # doc\n", "...\n---\n"]);
    out += d + "\n";
  });
  if (r.chance(0.05)) out += r.pick(["---\n", "...\n", "# trailing comment\n"]);
  if (r.chance(0.03)) out = "%YAML 1.1\n---\n" + out.replace(/^---\n/, "");
  return out;
}
