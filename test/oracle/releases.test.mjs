// Every release the oracle can be built for (test/oracle/client.mjs BUILDABLE_RELEASES) has its module file pinned to
// that release, and exactly one of the oracle's release_*.go files for each API that differs between releases is
// selected by its build tag; scripts/build-oracle.mjs and scripts/test-oracle.mjs refuse any other release. Needs no Go.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../helpers/cli.mjs";
import { BUILDABLE_RELEASES, RELEASES } from "./client.mjs";

const oracleDir = join(root, "oracle");
const newest = BUILDABLE_RELEASES[0];
const modfile = (release) => (release === newest ? "go.mod" : `go.${release}.mod`);
const tagOf = (release) => (release === newest ? null : `oracle_1_${release.split(".")[1]}`);

test("the oracle can be built for ten releases, 1.28 to 1.37, and CI runs two of them", () => {
  assert.deepEqual(BUILDABLE_RELEASES, ["1.37", "1.36", "1.35", "1.34", "1.33", "1.32", "1.31", "1.30", "1.29", "1.28"]);
  assert.deepEqual(RELEASES, ["1.37", "1.33"]);
  for (const r of RELEASES) assert.ok(BUILDABLE_RELEASES.includes(r), r);
});

for (const release of BUILDABLE_RELEASES) {
  test(`oracle ${release}: ${modfile(release)} pins k8s.io/* to ${release} and has its sums`, () => {
    const mod = readFileSync(join(oracleDir, modfile(release)), "utf8");
    const minor = release.split(".")[1];
    for (const m of ["k8s.io/apiextensions-apiserver", "k8s.io/apiserver", "k8s.io/apimachinery"]) {
      const v = new RegExp(`^\\s*${m.replace(/[./]/g, "\\$&")} (v\\S+)`, "m").exec(mod)?.[1];
      assert.match(v ?? "(absent)", new RegExp(`^v0\\.${minor}\\.\\d+$`), `${m} in ${modfile(release)}`);
    }
    assert.match(mod, /^module github\.com\/crdlint\/crdlint\/oracle$/m);
    assert.ok(existsSync(join(oracleDir, modfile(release).replace(/\.mod$/, ".sum"))), "its go.sum");
  });
}

/** Evaluates a `//go:build` expression (tags, !, &&, ||, parentheses) with the given tags set. */
function constraintHolds(expr, tags) {
  const tokens = expr.match(/[A-Za-z0-9_.]+|&&|\|\||!|\(|\)/g) ?? [];
  let i = 0;
  const or = () => {
    let v = and();
    while (tokens[i] === "||") {
      i++;
      v = and() || v;
    }
    return v;
  };
  const and = () => {
    let v = not();
    while (tokens[i] === "&&") {
      i++;
      v = not() && v;
    }
    return v;
  };
  const not = () => {
    if (tokens[i] === "!") {
      i++;
      return !not();
    }
    if (tokens[i] === "(") {
      i++;
      const v = or();
      assert.equal(tokens[i++], ")", expr);
      return v;
    }
    return tags.has(tokens[i++]);
  };
  const v = or();
  assert.equal(i, tokens.length, `cannot read //go:build ${expr}`);
  return v;
}

test("each release selects exactly one release_*.go file per API (the build tags)", () => {
  const files = readdirSync(oracleDir).filter((n) => /^release_.*\.go$/.test(n));
  // release_<api>[_<qualifier>].go: the files of one API are alternatives.
  const apiOf = (name) => name.replace(/^release_/, "").replace(/\.go$/, "").split("_")[0];
  const apis = new Set(files.map(apiOf));
  assert.ok(apis.size >= 2, `release files: ${files.join(", ")}`);
  for (const release of BUILDABLE_RELEASES) {
    const tags = new Set(["linux", "amd64", "gc", ...(tagOf(release) ? [tagOf(release)] : [])]);
    for (const api of apis) {
      const chosen = files.filter((f) => {
        if (apiOf(f) !== api) return false;
        const line = /^\/\/go:build (.+)$/m.exec(readFileSync(join(oracleDir, f), "utf8"))?.[1];
        return line === undefined || constraintHolds(line, tags);
      });
      assert.equal(chosen.length, 1, `${release} builds ${api} from ${chosen.join(", ") || "no file"}`);
    }
  }
});

test("build-oracle refuses a release it cannot build, naming the ones it can", () => {
  const r = spawnSync(process.execPath, [join(root, "scripts", "build-oracle.mjs"), "--release", "1.27"], { encoding: "utf8" });
  assert.equal(r.status, 2);
  assert.equal(r.stdout, "");
  assert.equal(
    r.stderr,
    "build-oracle: unknown release 1.27; known: 1.37, 1.36, 1.35, 1.34, 1.33, 1.32, 1.31, 1.30, 1.29, 1.28, all (1.37, 1.33), every\n",
  );
});
