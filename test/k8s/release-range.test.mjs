// What `-k` accepts beside one release (a range, `supported`), how releases are written, which minors upstream
// supports on a date (src/k8s/releases.ts RELEASE_SUPPORT), and which minors a chart's kubeVersion claims.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeReleases, formatReleases, parseReleaseSpec } from "../../dist/k8s/version.js";
import { RELEASE_SUPPORT, knownReleases, supportedReleases } from "../../dist/k8s/releases.js";
import { claimedMinors } from "../../dist/k8s/kube-version-constraint.js";

test("one release, a range and supported", () => {
  assert.deepEqual(parseReleaseSpec("1.30"), { ok: true, value: { minors: [30], range: false } });
  assert.deepEqual(parseReleaseSpec("1.28..1.31"), { ok: true, value: { minors: [28, 29, 30, 31], range: true } });
  assert.deepEqual(parseReleaseSpec(" v1.33.2 .. 1.34 "), { ok: true, value: { minors: [33, 34], range: true } });
  assert.deepEqual(parseReleaseSpec("1.30..1.30"), { ok: true, value: { minors: [30], range: true } });
  const day = new Date("2026-11-27T12:00:00Z");
  assert.deepEqual(parseReleaseSpec("supported", day), { ok: true, value: { minors: [35, 36, 37], range: true } });
});

test("what -k refuses, and says why", () => {
  const error = (t, day) => {
    const r = parseReleaseSpec(t, day);
    assert.equal(r.ok, false, t);
    return r.error;
  };
  assert.match(error("1.31..1.28"), /empty range of releases "1.31..1.28"/);
  assert.match(error("1.28..1.99"), /unsupported Kubernetes version "1.99"/);
  assert.match(error("1.28-1.30"), /expected 1.N, e.g. 1.37, a range such as 1.28..1.37, or supported/);
  assert.match(
    error("supported", new Date("2040-01-01")),
    /no release crdlint knows is supported upstream on 2040-01-01/,
  );
});

test("supported: from each minor's release day to its end of life, both included", () => {
  assert.deepEqual(supportedReleases(new Date("2026-11-27T00:00:00Z")), [35, 36, 37]);
  // 1.34's end of life is 2026-10-27: supported that day, not the next.
  assert.deepEqual(supportedReleases(new Date("2026-10-27T23:59:59Z")), [34, 35, 36, 37]);
  assert.deepEqual(supportedReleases(new Date("2026-10-28T00:00:00Z")), [35, 36, 37]);
  // Before 1.37 was released.
  assert.deepEqual(supportedReleases(new Date("2026-06-01T00:00:00Z")), [33, 34, 35, 36]);
  for (const [minor, w] of Object.entries(RELEASE_SUPPORT)) {
    assert.ok(knownReleases().includes(Number(minor)), `1.${minor} is a release crdlint knows`);
    assert.ok(w.released < w.endOfLife, `1.${minor}: released before its end of life`);
  }
});

test("releases as a run names them and as a reader takes them in", () => {
  assert.equal(formatReleases([28, 29, 30]), "1.28..1.30");
  assert.equal(formatReleases([30]), "1.30");
  assert.equal(formatReleases([28, 30]), "1.28, 1.30");
  assert.equal(describeReleases([28, 29, 30, 33, 35, 36]), "1.28–1.30, 1.33, 1.35–1.36");
  assert.equal(describeReleases([31]), "1.31");
});

test("a chart's kubeVersion: the minors some patch release of which satisfies it", () => {
  const known = knownReleases();
  const claims = (c) => {
    const r = claimedMinors(c, known);
    assert.ok(r.ok, `${c}: ${r.error}`);
    return r.value;
  };
  const from = (a, b = 37) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  assert.deepEqual(claims(">=1.28.0-0"), from(28));
  assert.deepEqual(claims(">= 1.28.0"), from(28));
  assert.deepEqual(claims(">=1.28.0-0 <1.33.0-0"), from(28, 32));
  assert.deepEqual(claims(">=1.28, <=1.30"), from(28, 30));
  assert.deepEqual(claims(">1.30.0"), from(30), "1.30.1 is above 1.30.0");
  assert.deepEqual(claims(">1.30"), from(31), "a partial version: above every 1.30.x");
  assert.deepEqual(claims("~1.30.2"), [30]);
  assert.deepEqual(claims("^1.30"), from(30));
  assert.deepEqual(claims("1.29.x"), [29]);
  assert.deepEqual(claims("1.28 - 1.30"), from(28, 30));
  assert.deepEqual(claims("1.25.x || >=1.35.0-0"), [25, 35, 36, 37]);
  assert.deepEqual(claims("<1.20.0"), from(16, 19));
  assert.deepEqual(claims("*"), known);
  assert.equal(claimedMinors(">=banana", known).ok, false);
});
