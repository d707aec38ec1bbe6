#!/usr/bin/env node
// Fails when a module in src/ imports a layer above it, or a sibling in the same layer that the layer
// order does not allow (rule categories importing each other's files). The layer order is the one in
// docs/writing-rules.md: cli -> index -> commands -> engine -> config/report -> rules -> values -> cel -> crd -> load ->
// k8s -> diagnostics. A command (commands/<name>/) may not import another command: what two share belongs below. Every relative import (static, dynamic and `export ... from`) is resolved to its file.
// CEL (src/cel) is a package of its own in the making: outside code imports its entry src/cel/index.ts only (type
// imports too); inside, core -> k8s -> schema are layers of their own (core is generic CEL, k8s the Kubernetes
// libraries and environments, schema the CRD-schema binding); and outside itself it imports only the few
// src/k8s helpers in CEL_OUTSIDE.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");

// Higher number = higher layer. Layers with the same number may not import each other.
const LAYERS = {
  cli: 10,
  commands: 9,
  engine: 8,
  config: 7,
  report: 7,
  rules: 6,
  values: 5,
  cel: 4,
  crd: 3,
  load: 2,
  k8s: 1,
  diagnostics: 0,
};

// Sub-layers of src/cel: higher imports lower only. index.ts is CEL's entry, above all three.
const CEL_LAYERS = { core: 0, k8s: 1, schema: 2, "index.ts": 3 };
// What src/cel may import from the rest of src/ (paths under src/).
const CEL_OUTSIDE = new Set([
  "k8s/go.ts",
  "k8s/duration.ts",
  "k8s/url.ts",
  "k8s/validation.ts",
  "k8s/objectmeta.ts",
  "k8s/path.ts",
  "k8s/releases.ts",
  // Go's regexp error texts: the program's regex precompile fails with them (cel/schema/compile.ts)
  "k8s/re2-syntax.ts",
  "k8s/field-path.ts",
]);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** The layer of a file under src/, and for rules its category (rules/<category>/...). */
function place(file) {
  const parts = relative(src, file).split(sep);
  // src/index.ts is the public API: below the CLI that uses it, above the engine it re-exports.
  if (parts.length === 1) return { layer: "index", rank: 9.5 };
  const layer = parts[0];
  const rank = LAYERS[layer];
  if (rank === undefined) return { layer, rank: NaN };
  // Rule categories (rules/<category>/) and commands (commands/<name>/) are siblings that may not import each other.
  const category = (layer === "rules" || layer === "commands") && parts.length > 2 ? parts[1] : undefined;
  if (layer === "cel") return { layer, rank, sub: parts[1], subRank: CEL_LAYERS[parts[1]] ?? NaN };
  return { layer, rank, category };
}

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

export function checkLayers() {
  const problems = [];
  for (const file of walk(src)) {
    const text = readFileSync(file, "utf8");
    const from = place(file);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
      if (!target.startsWith(src + sep)) continue;
      const to = place(target);
      const where = `${relative(root, file)} imports ${spec}`;
      const toPath = relative(src, target).split(sep).join("/");
      if (from.layer !== "cel" && to.layer === "cel" && toPath !== "cel/index.ts") {
        problems.push(`${where}: outside src/cel, import CEL from its entry src/cel/index.ts only`);
      } else if (from.layer === "cel" && to.layer !== "cel" && !CEL_OUTSIDE.has(toPath)) {
        problems.push(`${where}: src/cel imports from outside itself only ${[...CEL_OUTSIDE].join(", ")}`);
      }
      if (Number.isNaN(from.rank) || Number.isNaN(to.rank)) {
        problems.push(`${where}: unknown layer (${Number.isNaN(from.rank) ? from.layer : to.layer})`);
      } else if (from.layer === to.layer) {
        // Inside rules/, a category may use the shared files at rules/ top level and its own files only.
        // The registry rules/index.ts is the one file that lists every category.
        const registry = relative(src, file) === join("rules", "index.ts");
        if (from.layer === "cel") {
          if (Number.isNaN(from.subRank) || Number.isNaN(to.subRank)) {
            problems.push(
              `${where}: unknown CEL layer (${Number.isNaN(from.subRank) ? from.sub : to.sub}; src/cel has core/, k8s/, schema/, index.ts)`,
            );
          } else if (to.subRank > from.subRank) {
            problems.push(`${where}: cel/${from.sub} may not import cel/${to.sub} (upward)`);
          }
        } else if (from.layer === "rules" && !registry && to.category !== undefined && to.category !== from.category) {
          problems.push(`${where}: rule category ${from.category ?? "(top level)"} imports category ${to.category}`);
        } else if (from.layer === "commands" && to.category !== undefined && to.category !== from.category) {
          problems.push(`${where}: command ${from.category ?? "(top level)"} imports command ${to.category}`);
        }
      } else if (to.rank >= from.rank) {
        problems.push(
          `${where}: ${from.layer} may not import ${to.layer} (${to.rank > from.rank ? "upward" : "sideways"})`,
        );
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkLayers();
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-layers: ${problems.length} import(s) against the layer order`);
    process.exit(1);
  }
  console.log("check-layers: every import in src/ points down");
}
