// Writes docs/rules/<id>.md for every rule and docs/rules.md (the table of every rule), from the rules' own metadata.
//   node scripts/gen-docs.mjs          write
//   node scripts/gen-docs.mjs --check  exit 1 when a file would change (used by the tests)
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync, unlinkSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { renderRuleDoc, renderRulesPage } from "./docs-render.mjs";
import { allRules } from "../dist/rules/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");
const stale = [];

function write(path, content) {
  const current = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (current === content) return;
  stale.push(path);
  if (!check) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

const docsDir = join(root, "docs", "rules");
const wanted = new Set();
for (const rule of allRules) {
  wanted.add(`${rule.id}.md`);
  write(join(docsDir, `${rule.id}.md`), renderRuleDoc(rule));
}
if (existsSync(docsDir))
  for (const f of readdirSync(docsDir))
    if (f.endsWith(".md") && !wanted.has(f)) {
      stale.push(join(docsDir, f));
      if (!check) unlinkSync(join(docsDir, f));
    }

write(join(root, "docs", "rules.md"), renderRulesPage(allRules));

if (check && stale.length) {
  console.error(`out of date (run npm run gen:docs):\n  ${stale.join("\n  ")}`);
  process.exit(1);
}
if (!check) console.log(stale.length ? `wrote ${stale.length} file(s)` : "docs up to date");
