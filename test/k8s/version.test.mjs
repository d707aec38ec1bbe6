import { test } from "node:test";
import assert from "node:assert/strict";
import {
  sortByVersionPriority,
  compareKubeAwareVersionStrings,
  parseKubernetesVersion,
} from "../../dist/k8s/version.js";

test("kube-aware version priority (apimachinery's documented order)", () => {
  const want = ["v10", "v2", "v1", "v11beta2", "v10beta3", "v3beta1", "v12alpha1", "v11alpha2", "foo1", "foo10"];
  const shuffled = ["foo10", "v1", "v11alpha2", "v3beta1", "foo1", "v10", "v12alpha1", "v2", "v10beta3", "v11beta2"];
  assert.deepEqual(sortByVersionPriority(shuffled), want);
  assert.ok(compareKubeAwareVersionStrings("v1", "v1") === 0);
  assert.ok(compareKubeAwareVersionStrings("abc", "abd") > 0, "non-kube-like: smaller string ranks higher");
  assert.ok(compareKubeAwareVersionStrings("v1", "zzz") > 0);
});

test("Kubernetes versions", () => {
  assert.deepEqual(parseKubernetesVersion("1.30"), { ok: true, value: { major: 1, minor: 30 } });
  assert.deepEqual(parseKubernetesVersion("v1.28.3"), { ok: true, value: { major: 1, minor: 28 } });
  assert.equal(parseKubernetesVersion("1.99").ok, false);
  assert.equal(parseKubernetesVersion("banana").ok, false);
});
