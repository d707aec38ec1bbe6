// The README's recipes, as a user copies them: the shell command lines of its ```sh blocks (and the `run:`/`script:`
// lines of its CI blocks), read from README.md itself, so that a recipe added to the README without an end-to-end
// test fails test/e2e/readme-recipes.test.mjs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../helpers/cli.mjs";

/** Every fenced block of the README: { lang, lines, start } (start: the README line of its first line). */
export function readmeBlocks(text = readFileSync(join(root, "README.md"), "utf8")) {
  const blocks = [];
  let open = null;
  text.split("\n").forEach((line, i) => {
    const fence = /^```(\S*)\s*$/.exec(line);
    if (fence && !open) open = { lang: fence[1], lines: [], start: i + 2 };
    else if (fence && open) {
      blocks.push(open);
      open = null;
    } else if (open) open.lines.push(line);
  });
  return blocks;
}

/** A shell line without its trailing `# comment` (white space before and after the `#`: `${{ }}` and URLs never hold one). */
export function withoutComment(line) {
  return line.replace(/\s+#\s.*$/, "").trim();
}

/**
 * The command lines a user runs: lines of sh blocks that run crdlint (directly, through npx, or at the end of a pipe),
 * and the `run:` and `script:` lines of YAML blocks that run crdlint. `$ ` transcripts (```text blocks) are output,
 * not recipes. Lines that only set up (npm ci, npm install, npm test, git diff | xargs hooks) are returned too when
 * they run crdlint.
 */
export function readmeCommandLines(text) {
  const out = [];
  for (const b of readmeBlocks(text)) {
    if (b.lang === "sh")
      for (const [k, raw] of b.lines.entries()) {
        const line = withoutComment(raw);
        if (/(^|\|\s*|xargs -r )(npx (--no-install )?)?crdlint\b/.test(line))
          out.push({ line, readmeLine: b.start + k });
      }
    if (b.lang === "yaml")
      for (const [k, raw] of b.lines.entries()) {
        const m = /^\s*(?:- )?(?:run|script): (.*crdlint.*)$/.exec(raw);
        if (m) out.push({ line: m[1].trim(), readmeLine: b.start + k });
      }
  }
  return out;
}
