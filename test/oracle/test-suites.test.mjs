// `crdlint test`'s answers against the apiserver's own code: every create and update the fixture suites send
// (test/fixtures/test-suites: defaults, pruning, bounds, a transition rule, status, ratcheting under a patched CRD)
// replayed through the oracle gets the same verdict and field errors. Skipped unless the oracle is built.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { root } from "../helpers/cli.mjs";
import { binaryExists, RELEASES } from "./client.mjs";
import { compareSuitesWithOracle } from "./suite-requests.mjs";

for (const release of RELEASES)
  test(`crdlint test's requests at ${release} are answered as the apiserver answers them`, async (t) => {
    if (!binaryExists(root, release)) return t.skip(`no oracle binary for ${release} (node scripts/build-oracle.mjs)`);
    const r = await compareSuitesWithOracle(root, join(root, "test", "fixtures", "test-suites"), release);
    assert.ok(r.requests >= 12, `${r.requests} requests`);
    assert.deepEqual(r.differ, []);
  });
