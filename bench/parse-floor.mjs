// The floor: a process that reads the same files and only parses them with the same YAML library crdlint uses.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments, LineCounter } from "yaml";

function walk(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ya?ml|json)$/i.test(name)) out.push(p);
  }
  return out;
}

let docs = 0;
for (const f of walk(process.argv[2], [])) {
  const lineCounter = new LineCounter();
  docs += parseAllDocuments(readFileSync(f, "utf8"), { lineCounter }).length;
}
process.stdout.write(JSON.stringify({ docs }) + "\n");
