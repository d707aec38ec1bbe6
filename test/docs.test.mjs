// The rule pages and docs/rules.md are generated from rule metadata: they must be up to date.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./helpers/cli.mjs";

test("docs/rules/*.md and docs/rules.md match the rules (npm run gen:docs)", () => {
  const r = spawnSync(process.execPath, [join(root, "scripts", "gen-docs.mjs"), "--check"], { cwd: root, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
});
