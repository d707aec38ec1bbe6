// The rule pages and the README rules table are generated from rule metadata: they must be up to date.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./helpers/cli.mjs";

test("docs/rules/*.md and the README rules table match the rules (npm run gen:docs)", () => {
  const r = spawnSync(process.execPath, [join(root, "scripts", "gen-docs.mjs"), "--check"], { cwd: root, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
});
