#!/usr/bin/env node
// Fails on module-level mutable state in src/ (the house rule: per-run state lives in objects the engine
// creates and passes down). A static scan, deliberately simple:
//   - any module-level `let` or `var`;
//   - any module-level `const` that is mutated (Map/Set/WeakMap `.set/.add/.delete/.clear`, array
//     `.push/.pop/.splice/.sort/...`, `NAME[k] = ...`, `NAME.p = ...`, `NAME.p++`, `Object.assign(NAME, ...)`,
//     `delete NAME.p`), in its own file or in a file that imports it by name.
// Tables completed once while the module loads (a top-level loop filling a function table) are the only
// exception, and each is listed in ALLOWED with the reason; the scan does not try to tell load time from run time.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");

/** "file:NAME" -> why the mutation is a constant table built at module load, not state. */
const ALLOWED = new Map([
  [
    "cel/core/interpreter/stdlib.ts:STD_FUNCTIONS",
    "overload table; typed-list variants added by a top-level loop at load",
  ],
  [
    "cel/core/ext/functions.ts:EXT_FUNCTIONS",
    "overload table; sort variants per element type added by a top-level loop at load",
  ],
  ["cel/k8s/format.ts:FORMAT_FUNCTIONS", "overload table; format.* added by a top-level loop at load"],
  [
    "cel/k8s/lists.ts:LISTS_FUNCTIONS",
    "overload table; list variants per element type added by a top-level loop at load",
  ],
]);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const esc = (s) => s.replace(/\$/g, "\\$");
const lineOf = (text, index) => text.slice(0, index).split("\n").length;
const MUTATORS = "set|add|delete|clear|push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin";
const mutation = (local) =>
  new RegExp(
    `(?<![\\w.$])${esc(local)}(?:\\.(?:${MUTATORS})\\(|(?:\\[[^\\]\\n]*\\]|\\.[\\w$]+)\\s*(?:=(?![=>])|\\+=|-=|\\+\\+|--))` +
      `|Object\\.assign\\(\\s*${esc(local)}\\b|delete\\s+${esc(local)}[.[]`,
    "g",
  );

const files = walk(src).map((f) => ({ f, rel: relative(src, f).split(sep).join("/"), text: readFileSync(f, "utf8") }));
const problems = [];
const used = new Set();
for (const { rel, text } of files) {
  for (const m of text.matchAll(/^(?:export\s+)?(let|var)\s+([\w$]+)/gm))
    problems.push(`src/${rel}:${lineOf(text, m.index)}: module-level \`${m[1]} ${m[2]}\``);
}
for (const decl of files) {
  for (const m of decl.text.matchAll(/^(export\s+)?const\s+([\w$]+)\s*(?::[^=\n]+)?=/gm)) {
    const name = m[2];
    const key = `${decl.rel}:${name}`;
    // Where the binding can be reached: its own file, and files importing it (possibly renamed).
    const sites = [{ file: decl, local: name }];
    if (m[1]) {
      for (const other of files) {
        if (other === decl) continue;
        for (const imp of other.text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from/g))
          for (const part of imp[1].split(",")) {
            const [orig, alias] = part.trim().split(/\s+as\s+/);
            if (orig === name) sites.push({ file: other, local: alias ?? orig });
          }
      }
    }
    for (const { file, local } of sites)
      for (const h of file.text.matchAll(mutation(local))) {
        if (ALLOWED.has(key)) {
          used.add(key);
          continue;
        }
        problems.push(
          `src/${file.rel}:${lineOf(file.text, h.index)}: mutates module-level \`${name}\` (src/${decl.rel}): ${h[0]}`,
        );
      }
  }
}
for (const key of ALLOWED.keys()) if (!used.has(key)) problems.push(`ALLOWED entry ${key} matches nothing: remove it`);

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`check-module-state: ${problems.length} instance(s) of module-level mutable state`);
  process.exit(1);
}
console.log("check-module-state: no module-level mutable state in src/");
