// Light commands load only what they need: `--version` and `rules` import neither the CEL stack nor ajv.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root, bin } from "./helpers/cli.mjs";

function imported(args) {
  const r = spawnSync(process.execPath, ["--import", join(root, "test", "helpers", "record-imports.mjs"), bin, ...args], { encoding: "utf8", cwd: root });
  const m = /IMPORTED (\[.*\])/.exec(r.stderr);
  assert.ok(m, r.stderr);
  return { status: r.status, urls: JSON.parse(m[1]) };
}

for (const args of [["--version"], ["rules"], ["rules", "--format", "json"]]) {
  test(`crdlint ${args.join(" ")} imports neither CEL nor ajv`, () => {
    const { status, urls } = imported(args);
    assert.equal(status, 0);
    const heavy = urls.filter((u) => /node_modules\/(ajv|@bufbuild)\/|\/dist\/(cel|validate)\/|\/dist\/crd\/decode/.test(u));
    assert.deepEqual(heavy, []);
  });
}

test("crdlint lint does load them (the check above can fail)", () => {
  const { urls } = imported(["lint", "fixtures/examples/crontab.yaml"]);
  assert.ok(urls.some((u) => /\/dist\/cel\//.test(u)), "CEL loaded for lint");
});
