// The pre-release in the release table (src/k8s/releases.ts) and how outputs name it (src/k8s/version.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  parseKubernetesVersion,
  kubernetesPrerelease,
  describeKubernetesRelease,
  prereleaseField,
  withPrerelease,
  DEFAULT_KUBERNETES_VERSION,
} from "../../dist/k8s/version.js";
import {
  PRERELEASE_KUBERNETES_MINOR,
  PRERELEASE_MODULE_VERSION,
  NEWEST_KUBERNETES_MINOR,
  prereleaseOf,
  isKnownRelease,
  knownReleases,
} from "../../dist/k8s/releases.js";

test("1.38 is the pre-release, read from v0.38.0-alpha.2; it is accepted but no default and no known release", () => {
  assert.equal(PRERELEASE_KUBERNETES_MINOR, NEWEST_KUBERNETES_MINOR + 1);
  assert.match(PRERELEASE_MODULE_VERSION, /^v0\.38\.0-(alpha|beta|rc)\.\d+$/);
  assert.deepEqual(parseKubernetesVersion("1.38"), { ok: true, value: { major: 1, minor: 38 } });
  assert.deepEqual(parseKubernetesVersion("v1.38.0"), { ok: true, value: { major: 1, minor: 38 } });
  assert.equal(parseKubernetesVersion("1.39").ok, false);
  assert.equal(DEFAULT_KUBERNETES_VERSION, "1.37");
  assert.equal(isKnownRelease(38), true);
  assert.equal(isKnownRelease(39), false);
  assert.equal(knownReleases().includes(38), false, "ranges and release hints stay on released minors");
  assert.equal(prereleaseOf(38), "v0.38.0-alpha.2");
  assert.equal(prereleaseOf(37), undefined);
});

test("outputs name the pre-release and nothing else", () => {
  assert.equal(kubernetesPrerelease("1.38"), "v0.38.0-alpha.2");
  assert.equal(kubernetesPrerelease("1.37"), undefined);
  assert.equal(kubernetesPrerelease("banana"), undefined);
  assert.equal(describeKubernetesRelease("1.38"), "1.38 (pre-release, v0.38.0-alpha.2)");
  assert.equal(describeKubernetesRelease("1.37"), "1.37");
  assert.deepEqual(prereleaseField("1.38"), { prerelease: "v0.38.0-alpha.2" });
  assert.deepEqual(prereleaseField("1.30"), {});
  assert.deepEqual(withPrerelease("1.38"), { kubernetesVersion: "1.38", prerelease: "v0.38.0-alpha.2" });
  assert.deepEqual(withPrerelease("1.37"), {});
});

test("the library exports kubernetesPrerelease, and a lint at 1.38 says which release it answered for", async () => {
  const api = await import("../../dist/index.js");
  assert.equal(api.kubernetesPrerelease("1.38"), "v0.38.0-alpha.2");
  assert.equal(api.kubernetesPrerelease(api.DEFAULT_KUBERNETES_VERSION), undefined);
  const result = await api.lint(["fixtures/examples/crontab.yaml"], { kubernetesVersion: "1.38" });
  assert.equal(result.kubernetesVersion, "1.38");
});

test("a range that reaches the pre-release names it in its description and JSON", async () => {
  const { describeKubernetesRelease: describe, prereleaseField: field } = await import("../../dist/k8s/version.js");
  assert.equal(describe("1.36..1.38"), "1.36..1.38 (1.38: pre-release, v0.38.0-alpha.2)");
  assert.deepEqual(field("1.36..1.38"), { prerelease: "v0.38.0-alpha.2" });
  assert.equal(describe("1.28..1.37"), "1.28..1.37");
  assert.deepEqual(field("1.28..1.37"), {});
});
