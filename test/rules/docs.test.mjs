// The rule pages and docs/rules.md are generated from rule metadata: they must be up to date. And every relative
// link of the repository's Markdown (README, CONTRIBUTING, CHANGELOG, docs/, oracle/README.md) reaches a file that
// exists and, with a #fragment, a heading of that file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { root } from "../helpers/cli.mjs";

test("docs/rules/*.md and docs/rules.md match the rules (npm run gen:docs)", () => {
  const r = spawnSync(process.execPath, [join(root, "scripts", "gen-docs.mjs"), "--check"], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
});

function markdownFiles() {
  const out = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", join("oracle", "README.md")].map((f) => join(root, f));
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".md")) out.push(p);
    }
  };
  walk(join(root, "docs"));
  return out.filter((f) => existsSync(f));
}

/** Lines outside fenced code blocks, with inline code removed (a link inside backticks is not a link). */
function proseLines(text) {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`[^`]*`/g, "");
  });
}

/** GitHub's anchors of a Markdown text: each heading lower-cased, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of proseLines(text.replace(/`/g, ""))) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = m[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

/** The relative links of one Markdown file that reach no file, or no heading of it: "file:line target (why)". */
function brokenLinks(file, text, { exists = existsSync, read = (f) => readFileSync(f, "utf8") } = {}) {
  const problems = [];
  proseLines(text).forEach((line, i) => {
    const targets = [
      ...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
      ...line.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g),
    ].map((m) => m[1]);
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
      const [path, fragment] = target.split("#");
      const to = path ? join(dirname(file), decodeURIComponent(path)) : file;
      const where = `${relative(root, file)}:${i + 1} ${target}`;
      if (!exists(to)) problems.push(`${where} (no such file)`);
      else if (fragment && to.endsWith(".md") && !headingAnchors(read(to)).has(fragment))
        problems.push(`${where} (no such heading in ${relative(root, to)})`);
    }
  });
  return problems;
}

test("every relative link in README, CONTRIBUTING, CHANGELOG, docs/ and oracle/README.md resolves", () => {
  const files = markdownFiles();
  assert.ok(files.length > 20, "the docs are found");
  assert.deepEqual(
    files.flatMap((f) => brokenLinks(f, readFileSync(f, "utf8"))),
    [],
  );
});

test("the link check finds a missing file, a missing heading, and ignores code and absolute URLs", () => {
  const file = join(root, "docs", "x.md");
  const files = { [join(root, "docs", "a.md")]: "# Title\n\n## Some `code` heading: yes\n\n## Title\n" };
  const opts = { exists: (f) => f in files, read: (f) => files[f] };
  const text = [
    "[ok](a.md) [ok](a.md#title) [ok](a.md#some-code-heading-yes) [ok](a.md#title-1) [web](https://example.com/x.md)",
    "[gone](b.md) [bad heading](a.md#nope)",
    "`[in code](c.md)`",
    "```",
    "[in a fence](d.md)",
    "```",
    "[ref]: ../e.md",
  ].join("\n");
  assert.deepEqual(brokenLinks(file, text, opts), [
    "docs/x.md:2 b.md (no such file)",
    "docs/x.md:2 a.md#nope (no such heading in docs/a.md)",
    "docs/x.md:7 ../e.md (no such file)",
  ]);
});
