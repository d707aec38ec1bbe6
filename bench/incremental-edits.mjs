// Seeded random edits of a CRD's YAML text at random nodes, as an editor makes them: a scalar changed (description
// text, a number bound, an enum value, a CEL rule's text, a type), a property key renamed, a property deleted. Each
// edit works on the lines of the text (block YAML as CRDs are written); an edit that finds no place of its kind
// falls back to another. Shared by bench/incremental-lint.mjs and test/engine/incremental-lint.test.mjs.

/** A small deterministic generator (mulberry32): the same seed gives the same edits. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEY_LINE = /^(\s*)(- )?([A-Za-z_$][\w$.-]*|"[^"]*"|'[^']*'):( (.*))?$/;
const indentOf = (line) => line.length - line.trimStart().length;
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];

/** Inserts `extra` at the end of a scalar as written (inside its closing quote when it has one). */
function appendToScalar(value, extra) {
  const v = value.trimEnd();
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return `${v.slice(0, -1)}${extra.replaceAll("'", "''")}'`;
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) return `${v.slice(0, -1)}${extra.replaceAll('"', '\\"')}"`;
  return `${v}${extra}`;
}

const EDITS = {
  description(lines, rnd) {
    const at = lines.flatMap((l, i) => (/^\s*(- )?description: \S/.test(l) ? [i] : []));
    if (at.length === 0) return null;
    const i = pick(rnd, at);
    const m = KEY_LINE.exec(lines[i]);
    if (!m || m[5] === undefined) return null;
    if (/^[|>]/.test(m[5])) {
      // A block scalar: change its first content line.
      if (i + 1 >= lines.length || indentOf(lines[i + 1]) <= indentOf(lines[i]) || lines[i + 1].trim() === "")
        return null;
      lines[i + 1] = `${lines[i + 1]} edited ${Math.floor(rnd() * 1000)}`;
      return "description";
    }
    lines[i] = `${m[1]}${m[2] ?? ""}${m[3]}: ${appendToScalar(m[5], ` edited ${Math.floor(rnd() * 1000)}`)}`;
    return "description";
  },
  bound(lines, rnd) {
    const at = lines.flatMap((l, i) =>
      /^\s*(- )?(maxLength|minLength|maxItems|minItems|maxProperties|minProperties|maximum|minimum): -?\d+\s*$/.test(l)
        ? [i]
        : [],
    );
    if (at.length === 0) return null;
    const i = pick(rnd, at);
    lines[i] = lines[i].replace(/-?\d+\s*$/, String(Math.floor(rnd() * 3000) - (rnd() < 0.1 ? 100 : 0)));
    return "bound";
  },
  enumValue(lines, rnd) {
    const at = [];
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*(- )?enum:\s*$/.test(lines[i])) continue;
      const ind = indentOf(lines[i]);
      for (let j = i + 1; j < lines.length && /^\s*- /.test(lines[j]) && indentOf(lines[j]) >= ind; j++) at.push(j);
    }
    if (at.length === 0) return null;
    const i = pick(rnd, at);
    const head = lines[i].slice(0, lines[i].indexOf("- ") + 2);
    const n = Math.floor(rnd() * 100);
    lines[i] = `${head}${pick(rnd, [`Edited${n}`, `Other${n}`, `x${n}`, `${n}`, "true", `'quoted value ${n}'`])}`;
    return "enum";
  },
  celRule(lines, rnd) {
    const at = lines.flatMap((l, i) => (/^\s*(- )?rule: \S/.test(l) ? [i] : []));
    if (at.length === 0) return null;
    const i = pick(rnd, at);
    const m = KEY_LINE.exec(lines[i]);
    if (!m || m[5] === undefined || /^[|>]/.test(m[5])) return null;
    const extra = pick(rnd, [" && true", " || false", " && self.noSuchField == 1", " &&", " && size(self) >= 0"]);
    lines[i] = `${m[1]}${m[2] ?? ""}${m[3]}: ${appendToScalar(m[5], extra)}`;
    return "cel";
  },
  type(lines, rnd) {
    const at = lines.flatMap((l, i) =>
      /^\s*(- )?type: (string|integer|number|boolean|object|array)\s*$/.test(l) ? [i] : [],
    );
    if (at.length === 0) return null;
    const i = pick(rnd, at);
    lines[i] = lines[i].replace(
      /type: \w+/,
      `type: ${pick(rnd, ["string", "integer", "number", "boolean", "object", "array"])}`,
    );
    return "type";
  },
  /** The keys of a `properties:` map: [line, its block's end]. */
  rename(lines, rnd) {
    const props = propertyLines(lines);
    if (props.length === 0) return null;
    const { at } = pick(rnd, props);
    lines[at] = lines[at].replace(/^(\s*)([\w$.-]+):/, `$1$2${pick(rnd, ["X", "Renamed", "2"])}:`);
    return "rename";
  },
  deleteProperty(lines, rnd) {
    const props = propertyLines(lines);
    if (props.length === 0) return null;
    const { at, end } = pick(rnd, props);
    lines.splice(at, end - at);
    return "delete";
  },
};

/** The property keys (a plain key under a `properties:` line) with the end of each one's block. */
function propertyLines(lines) {
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*(- )?properties:\s*$/.test(lines[i])) continue;
    const parent = indentOf(lines[i]) + (/^\s*- /.test(lines[i]) ? 2 : 0);
    let j = i + 1;
    const childIndent = j < lines.length ? indentOf(lines[j]) : -1;
    if (childIndent <= parent) continue;
    while (j < lines.length && (lines[j].trim() === "" || indentOf(lines[j]) >= childIndent)) {
      if (indentOf(lines[j]) === childIndent && /^\s*[\w$.-]+:/.test(lines[j])) {
        let end = j + 1;
        while (end < lines.length && (lines[end].trim() === "" || indentOf(lines[end]) > childIndent)) end++;
        out.push({ at: j, end });
      }
      j++;
    }
  }
  return out;
}

const KINDS = Object.keys(EDITS);

/** One edit of `text` at a random place (the kind picked at random, another tried when it finds no place). */
export function editText(text, rnd) {
  const lines = text.split("\n");
  const first = Math.floor(rnd() * KINDS.length);
  for (let k = 0; k < KINDS.length; k++) {
    const kind = KINDS[(first + k) % KINDS.length];
    const what = EDITS[kind](lines, rnd);
    if (what) return { text: lines.join("\n"), kind: what };
  }
  // Nothing to edit of any kind: a comment line, which changes the text but no value.
  return { text: `${text}\n# edited ${Math.floor(rnd() * 1000)}`, kind: "comment" };
}

const SNIPPETS = [" ", "\n", "  ", "- ", "x: 1\n", "#", "'", '"', ":", "{", "}", "[", "]", "|", ">", "---\n", "\t"];
const MORE = ["a", "1", "\n  ", "\n    y: 2", "-", " # c", "\n- z", ": |\n  t"];

/**
 * A keystroke-sized edit anywhere (a character or snippet inserted, a span deleted, a line copied, indented,
 * dedented or removed): most leave YAML that no longer reads, or reads otherwise, which is what a test of the
 * incremental load wants next to the node edits.
 */
export function fuzzText(text, rnd) {
  const r = rnd();
  const at = Math.floor(rnd() * text.length);
  if (r < 0.4) {
    const all = [...SNIPPETS, ...MORE];
    return text.slice(0, at) + all[Math.floor(rnd() * all.length)] + text.slice(at);
  }
  if (r < 0.6) return text.slice(0, at) + text.slice(at + Math.floor(rnd() * 20));
  const lines = text.split("\n");
  const i = Math.floor(rnd() * lines.length);
  if (r < 0.7) lines.splice(i, 0, lines[i]);
  else if (r < 0.8) lines[i] = `  ${lines[i]}`;
  else if (r < 0.9) lines[i] = lines[i].replace(/^ {2}/, "");
  else lines.splice(i, 1);
  return lines.join("\n");
}
