// The loader family: crdlint's loaded value of each document vs the JSON sigs.k8s.io/yaml makes of it (what kubectl
// sends). Both of crdlint's loaders are held to it: the full one, and the fast one on the texts it accepts.
import { parseAllDocuments, isMap, isSeq, isScalar, isAlias, Scalar } from "yaml";
import { loadText } from "../../../dist/load/document.js";
import { goKeyName, resolveGoScalar } from "../../../dist/load/go-yaml.js";
import { createFastLoader } from "../../../dist/load/fast-load.js";
import { generateYaml } from "../gen-yaml.mjs";
import { deepEqual, firstDifference, JsonNumber, mapJsonLeaves, toCrdlintValue } from "../json.mjs";

/** Loader findings after which kubectl sends nothing for the stream (it stops at the document). */
const BLOCKING = new Set(["yaml-syntax", "yaml-not-json", "yaml-alias-limit"]);

/** What crdlint makes of a text: the documents kubectl would send, or that it would stop. */
export function crdlintYaml(text, loader = "full") {
  const loaded = loader === "fast" ? createFastLoader().load(text) : loadText(text);
  if (loaded === null) return null;
  const blocking = loaded.problems.filter((p) => BLOCKING.has(p.rule));
  if (blocking.length) return { error: blocking.map((p) => `${p.rule}: ${p.message}`).join("; ") };
  return { documents: loaded.documents.map((d) => d.value).filter((v) => v !== null && v !== undefined) };
}

/**
 * A JSON number beyond float64 (`1e400` in a JSON document) reaches the apiserver as kubectl read it, the raw token;
 * crdlint's loader keeps such a number as its text (a float64 cannot hold it). Compared as that text.
 */
function rawHugeNumbers(v) {
  return mapJsonLeaves(v, (x) => (x instanceof JsonNumber && !Number.isFinite(Number(x.text)) ? x.text : x));
}

function oracleYaml(answer) {
  if (typeof answer.error === "string") return { error: answer.error };
  return { documents: (answer.exact.documents ?? []).map((d) => toCrdlintValue(rawHugeNumbers(d))).filter((v) => v !== null) };
}

/** The differences between crdlint's reading and the oracle's, as items a known divergence can match. */
export function compareYaml(mine, theirs) {
  if (theirs.error !== undefined || mine.error !== undefined) {
    if (theirs.error !== undefined && mine.error !== undefined) return [];
    return [{ kind: theirs.error !== undefined ? "only-oracle-error" : "only-crdlint-error", message: theirs.error ?? mine.error }];
  }
  if (deepEqual(mine.documents, theirs.documents)) return [];
  return [{ kind: "value", message: firstDifference(mine.documents, theirs.documents) }];
}

/**
 * Whether a map of the text has two keys that go-yaml decodes as different values but sigs.k8s.io/yaml names alike
 * (`1` and `"1"`, `true` and `"true"`, or two `.nan` keys, which a Go map keeps apart as NaN is not equal to itself):
 * it converts a Go map, whose order is random, so which value kubectl sends is chance. Such a case has no single answer
 * to compare with.
 */
export function hasJsonNameCollision(text) {
  let docs;
  try {
    docs = parseAllDocuments(text, { version: "1.1", uniqueKeys: false, logLevel: "silent" });
  } catch {
    return false;
  }
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const stack = [doc.contents];
    while (stack.length) {
      const node = stack.pop();
      if (isMap(node)) {
        const names = new Map();
        // A merge key brings the merged maps' keys into this map: they collide like its own.
        const merged = [];
        const resolve = (n) => (isAlias(n) ? n.resolve(doc) : n);
        for (const item of node.items) {
          const k = resolve(item.key);
          if (!isScalar(k) || k.type !== Scalar.PLAIN || k.tag || k.source !== "<<") continue;
          const v = resolve(item.value);
          for (const m of isSeq(v) ? v.items.map(resolve) : [v]) if (isMap(m)) merged.push(...m.items);
        }
        for (const item of [...node.items, ...merged]) {
          let k = item.key;
          if (isAlias(k)) k = k.resolve(doc);
          if (!merged.includes(item)) stack.push(item.value);
          if (!isScalar(k)) continue;
          const src = typeof k.source === "string" ? k.source : String(k.value);
          if (k.type === Scalar.PLAIN && !k.tag && src === "<<") continue;
          const go = k.tag ? resolveGoScalar(src, k.tag) : k.type === Scalar.PLAIN ? resolveGoScalar(src) : { kind: "string", value: src };
          const name = goKeyName(go);
          if (!("name" in name)) continue;
          // NaN is not equal to itself: a Go map keeps two .nan keys apart, and both become the JSON name ".nan".
          const id = `${go.kind}:${go.value}${Number.isNaN(go.value) ? `#${names.size}` : ""}`;
          const before = names.get(name.name);
          if (before !== undefined && before !== id) return true;
          names.set(name.name, id);
        }
      } else if (isSeq(node)) stack.push(...node.items);
    }
  }
  return false;
}

export const yamlFamily = {
  name: "yaml",
  op: "yaml",
  generate: (r) => ({ text: generateYaml(r) }),
  request: (c) => ({ op: "yaml", fields: { text: c.text }, exact: true }),
  compare(c, answer) {
    if (typeof answer.fatal === "string") return { items: [{ kind: "oracle-fatal", message: answer.fatal }], mine: null, theirs: answer };
    const theirs = oracleYaml(answer);
    const items = [];
    if (hasJsonNameCollision(c.text)) return { items: [{ kind: "json-name-collision" }], mine: null, theirs };
    const full = crdlintYaml(c.text, "full");
    for (const i of compareYaml(full, theirs)) items.push({ ...i, loader: "full" });
    const fast = crdlintYaml(c.text, "fast");
    if (fast) for (const i of compareYaml(fast, theirs)) items.push({ ...i, loader: "fast" });
    // What the known divergences need to tell their cases apart.
    // A key may replace an earlier value: a duplicate key, or a merge (go-yaml's merge overwrites).
    // (crdlint's duplicate check does not resolve alias keys: `*a :` may repeat a key too.)
    const keyOverride = loadText(c.text).problems.some((p) => p.rule === "yaml-duplicate-key") || /(^|[\s{,])(<<|\*[^\s:,\]}]+)\s*:/m.test(c.text);
    const docEndMarker = /^\.\.\.[ \t]*(#.*)?$/m.test(c.text);
    // kubectl's decoder reads a stream that starts with `{` as JSON first (apimachinery's YAMLOrJSONDecoder).
    const jsonStart = c.text.trimStart().startsWith("{");
    // A document that is itself a block scalar (`|` or `>` at the top): go-yaml's scanner wants its lines indented
    // by at least one space, the YAML spec (and crdlint's reader) allows none at the top level.
    const topBlockScalar = /^(---[ \t]*)?[|>][-+0-9]*[ \t]*(#.*)?$/m.test(c.text);
    for (const i of items) Object.assign(i, { keyOverride, docEndMarker, jsonStart, topBlockScalar });
    return { items, mine: full, theirs };
  },
  /** Smaller texts: drop a document, then a line, then a block of lines. */
  *shrink(c) {
    const lines = c.text.split("\n");
    for (let size = Math.max(1, lines.length >> 1); size >= 1; size >>= 1) {
      for (let i = 0; i + size <= lines.length; i += size) {
        const text = [...lines.slice(0, i), ...lines.slice(i + size)].join("\n");
        if (text !== c.text) yield { text };
      }
    }
    // Shorter scalars: cut every token once.
    const tokens = c.text.match(/[^\s:,[\]{}]+/g) ?? [];
    for (const t of new Set(tokens)) if (t.length > 1) yield { text: c.text.replace(t, t.slice(0, 1)) };
  },
  show: (c) => c.text,
};
