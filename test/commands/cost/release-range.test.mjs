// crdlint cost over several releases (`-k 1.28..1.37`, `-k supported`, a claimed range): through the library, the
// estimate a range run gives at each release is exactly a run at that release's (every expression, schema total,
// schema not estimated, and the verdict); through the CLI, whole outputs, and one release's output unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { cost } from "../../../dist/index.js";
import { supportedReleases } from "../../../dist/k8s/releases.js";
import { crdlint, root } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import { readFileSync } from "node:fs";

const FIXTURE = "test/fixtures/cost-releases";
const ROUTES = readFileSync(join(root, FIXTURE, "routes.yaml"), "utf8");
const minors = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => `1.${a + i}`);

const ESTIMATE = [
  "estimatedCost",
  "maxCardinality",
  "cardinalityUnbounded",
  "totalCost",
  "exceedsLimit",
  "percentOfLimit",
  "drivers",
  "suggestion",
  "releaseChange",
];

/** A merged entry as a run at `release` gives it: its identity, and the estimate of the group holding `release`. */
function atRelease(entry, release) {
  const { releases, byRelease, ...rest } = entry;
  const identity = Object.fromEntries(Object.entries(rest).filter(([k]) => !ESTIMATE.includes(k)));
  const { releases: _, ...estimate } = byRelease.find((g) => g.releases.includes(release));
  return { ...identity, ...estimate };
}

const order = (list) =>
  [...list].sort((a, b) => {
    const ka = `${a.file}\0${a.document}\0${a.field ?? ""}\0${a.kind ?? ""}`;
    const kb = `${b.file}\0${b.document}\0${b.field ?? ""}\0${b.kind ?? ""}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

test("library: at each release of 1.24..1.37, the range's estimates are a run's at that release", async () => {
  const paths = [FIXTURE, "fixtures/cel-cost", "fixtures/releases"];
  const range = await cost(paths, { cwd: root, kubernetesVersion: "1.24..1.37" });
  assert.equal(range.kubernetesVersion, "1.24..1.37");
  assert.deepEqual(range.releases, minors(24, 37));
  // The fixtures' estimates do change across the range (a test of merging that merges nothing would prove little).
  assert.ok(range.expressions.some((e) => e.byRelease.length > 1));
  assert.ok(range.expressions.some((e) => e.releases.length < range.releases.length));
  for (const release of range.releases) {
    const one = await cost(paths, { cwd: root, kubernetesVersion: release });
    assert.equal("releases" in one, false);
    assert.deepEqual(
      order(range.expressions.filter((e) => e.releases.includes(release)).map((e) => atRelease(e, release))),
      order(one.expressions),
      `expressions at ${release}`,
    );
    assert.deepEqual(
      order(range.crds.filter((c) => c.releases.includes(release)).map((c) => atRelease(c, release))),
      order(one.crds),
      `schemas at ${release}`,
    );
    assert.deepEqual(
      order(range.unestimated.filter((u) => u.releases.includes(release)).map(({ releases, ...u }) => u)),
      order(one.unestimated),
      `not estimated at ${release}`,
    );
    const over = one.expressions.filter((e) => e.exceedsLimit).length;
    const overSchemas = one.crds.filter((c) => c.exceedsLimit).length;
    assert.deepEqual(range.verdicts[release], {
      withinLimits: over === 0 && overSchemas === 0,
      expressionsOverLimit: over,
      schemasOverLimit: overSchemas,
    });
  }
  // Each entry's own fields are its highest estimate: over a limit at some release is over a limit.
  for (const e of range.expressions) {
    const highest = e.byRelease.reduce((a, g) => (g.totalCost >= a.totalCost ? g : a));
    assert.equal(e.totalCost, highest.totalCost);
    assert.equal(
      e.exceedsLimit,
      e.byRelease.some((g) => g.exceedsLimit),
    );
  }
});

test("library: the CIDR rule has no estimate before 1.31, the global matches() rises at 1.37", async () => {
  const r = await cost([FIXTURE], { cwd: root, kubernetesVersion: "1.28..1.37" });
  const rows = r.expressions.map((e) => [
    e.expression,
    e.byRelease.map((g) => [g.releases.join(" "), g.totalCost, g.exceedsLimit]),
  ]);
  assert.deepEqual(rows, [
    [
      "matches(self, '^[a-z0-9.-]+$')",
      [
        [minors(28, 36).join(" "), 32n, false],
        ["1.37", 20132688n, true],
      ],
    ],
    ["self <= 100", [[minors(28, 37).join(" "), 2n, false]]],
    ["isCIDR(self) && cidr(self).prefixLength() <= 24", [[minors(31, 37).join(" "), 56n, false]]],
  ]);
  assert.deepEqual(
    r.crds.map((c) => c.byRelease.map((g) => [g.releases.join(" "), g.totalCost])),
    [
      [
        [minors(28, 30).join(" "), 34n],
        [minors(31, 36).join(" "), 90n],
        ["1.37", 20132746n],
      ],
    ],
  );
  // The lint result of the run is a range's: the CIDR rule's compile error names its releases.
  assert.deepEqual(
    r.lint.diagnostics.filter((d) => d.rule === "cel-compile-failed").flatMap((d) => d.releases),
    minors(28, 30),
  );
});

const RANGE_TEXT = `${FIXTURE}/routes.yaml  routes.net.example.com  version v1
  total at 1.28–1.30: 34 of 100,000,000 (0%)
  total at 1.31–1.36: 90 of 100,000,000 (0%)
  total at 1.37: 20,132,746 of 100,000,000 (20.13%)
  line        estimated    × cardinality          = total  % limit  expression
  39                                                                matches(self, '^[a-z0-9.-]+$')
         at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[hosts].items.x-kubernetes-validations[0].rule
    1.28–1.36         2               16               32       0%
         - cost changes in Kubernetes 1.37: cel-go v0.29 estimates the global matches(string, regex) like string.matches(regex), where earlier releases charged 1 (docs/cel-cost.md); with that change this expression's estimate goes from 2 to 1,258,293 per evaluation
    1.37      1,258,293               16       20,132,688  201.32%  EXCEEDS the per-expression limit
         - cost changed in Kubernetes 1.37: cel-go v0.29 estimates the global matches(string, regex) like string.matches(regex), where earlier releases charged 1 (docs/cel-cost.md); this expression's estimate goes from 2 to 1,258,293 per evaluation
         - unbounded string at spec.hosts[*] (no maxLength): assumed 3,145,726 bytes
         - list at spec.hosts (maxItems: 16): rule evaluated once per item
         fix: add maxLength: 131072 at spec.hosts[*] → 33% of the limit
  32                                                                isCIDR(self) && cidr(self).prefixLength() <= 24
         at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[prefix].x-kubernetes-validations[0].rule
    1.31–1.37        56                1               56       0%
    no estimate at 1.28–1.30: not compiled there (crdlint lint says why)
  27                  2                1                2       0%  self <= 100
         at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[replicas].x-kubernetes-validations[0].rule

3 expressions in 1 schema, Kubernetes 1.28..1.37; limits 10,000,000 per expression, 100,000,000 per schema; over a limit: 0 expressions, 0 schemas at 1.28–1.36; 1 expression, 0 schemas at 1.37 ("~" marks the apiserver's estimate for an unbounded cardinality)
`;

test("CLI: cost -k 1.28..1.37, the whole text: one line per rule where the releases agree, the split where not", () => {
  const r = crdlint(["cost", "-k", "1.28..1.37", FIXTURE]);
  assert.equal(r.stderr, "");
  assert.equal(r.stdout, RANGE_TEXT);
  assert.equal(r.status, 1, "over a limit at 1.37: the run fails");
  // Over 1.28..1.36 nothing is over a limit: exit 0.
  const before = crdlint(["cost", "-k", "1.28..1.36", FIXTURE]);
  assert.equal(before.status, 0, before.stderr);
  assert.match(before.stdout, /over a limit: 0 expressions, 0 schemas at every release/);
});

test("CLI: -q keeps what is over a limit at some release, with its estimate at each", () => {
  const r = crdlint(["cost", "-q", "-k", "1.36..1.37", FIXTURE]);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(
    r.stdout,
    `${FIXTURE}/routes.yaml  routes.net.example.com  version v1
  total at 1.36: 90 of 100,000,000 (0%)
  total at 1.37: 20,132,746 of 100,000,000 (20.13%)
  line        estimated    × cardinality          = total  % limit  expression
  39                                                                matches(self, '^[a-z0-9.-]+$')
         at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[hosts].items.x-kubernetes-validations[0].rule
    1.36              2               16               32       0%
         - cost changes in Kubernetes 1.37: cel-go v0.29 estimates the global matches(string, regex) like string.matches(regex), where earlier releases charged 1 (docs/cel-cost.md); with that change this expression's estimate goes from 2 to 1,258,293 per evaluation
    1.37      1,258,293               16       20,132,688  201.32%  EXCEEDS the per-expression limit
         - cost changed in Kubernetes 1.37: cel-go v0.29 estimates the global matches(string, regex) like string.matches(regex), where earlier releases charged 1 (docs/cel-cost.md); this expression's estimate goes from 2 to 1,258,293 per evaluation
         - unbounded string at spec.hosts[*] (no maxLength): assumed 3,145,726 bytes
         - list at spec.hosts (maxItems: 16): rule evaluated once per item
         fix: add maxLength: 131072 at spec.hosts[*] → 33% of the limit

showing what is over a limit (-q) of 3 expressions in 1 schema, Kubernetes 1.36..1.37; limits 10,000,000 per expression, 100,000,000 per schema; over a limit: 0 expressions, 0 schemas at 1.36; 1 expression, 0 schemas at 1.37 ("~" marks the apiserver's estimate for an unbounded cardinality)
`,
  );
});

test("CLI: JSON adds releases, verdicts and each entry's releases and byRelease; one release's JSON has none", () => {
  const r = crdlint(["cost", "-f", "json", "-k", "1.36..1.37", FIXTURE]);
  assert.equal(r.status, 1, r.stderr);
  const one = crdlint(["cost", "-f", "json", "-k", "1.37", FIXTURE]);
  assert.equal(one.status, 1, one.stderr);
  // The keys of one release's document, in order, are the contract's; the range's adds only.
  const keys = (o) => Object.keys(o);
  assert.deepEqual(keys(one.json), [
    "tool",
    "version",
    "kubernetesVersion",
    "limits",
    "expressions",
    "crds",
    "unestimated",
    "diagnostics",
  ]);
  assert.deepEqual(keys(r.json), [...keys(one.json).slice(0, -1), "releases", "verdicts", "diagnostics"]);
  assert.ok(!one.stdout.includes('"byRelease"') && !one.stdout.includes('"releases"'));
  for (const e of r.json.expressions)
    assert.deepEqual(keys(e), [
      ...keys(one.json.expressions.find((x) => x.field === e.field)),
      "releases",
      "byRelease",
    ]);
  assert.equal(r.json.kubernetesVersion, "1.36..1.37");
  assert.deepEqual(r.json.releases, ["1.36", "1.37"]);
  assert.deepEqual(r.json.verdicts, {
    1.36: { withinLimits: true, expressionsOverLimit: 0, schemasOverLimit: 0 },
    1.37: { withinLimits: false, expressionsOverLimit: 1, schemasOverLimit: 0 },
  });
  const hosts = r.json.expressions.find((e) => e.expression.startsWith("matches"));
  assert.deepEqual(
    hosts.byRelease.map((g) => [g.releases, g.estimatedCost, g.totalCost, g.exceedsLimit]),
    [
      [["1.36"], 2, 32, false],
      [["1.37"], 1258293, 20132688, true],
    ],
  );
  // The entry's own fields are 1.37's, as one run at 1.37 gives them.
  const { releases: _r, byRelease: _b, ...own } = hosts;
  assert.deepEqual(
    own,
    one.json.expressions.find((e) => e.field === hosts.field),
  );
});

test("CLI: -k supported, and the range claimed in .crdlint.yaml when no -k is given", () => {
  const today = supportedReleases(new Date());
  const s = crdlint(["cost", "-k", "supported", FIXTURE]);
  assert.equal(s.stderr, "");
  const spelled = today.length === 1 ? `1.${today[0]}` : `1.${today[0]}..1.${today.at(-1)}`;
  assert.match(s.stdout, new RegExp(`Kubernetes ${spelled.replace(/\./g, "\\.")};`));
  assert.equal(s.status, today.includes(37) ? 1 : 0);

  const dir = tmp({ ".crdlint.yaml": "kubernetesVersions: 1.30..1.31\n", "routes.yaml": ROUTES });
  const claimed = crdlint(["cost", "routes.yaml"], { cwd: dir });
  assert.equal(claimed.status, 0, claimed.stderr);
  assert.match(
    claimed.stdout,
    /\n    1\.31             56                1               56       0%\n    no estimate at 1\.30: not compiled there/,
  );
  assert.match(claimed.stdout, /Kubernetes 1\.30\.\.1\.31; .*over a limit: 0 expressions, 0 schemas at every release/);
  // -k wins over the claim: one release, as always.
  const asked = crdlint(["cost", "-k", "1.31", "routes.yaml"], { cwd: dir });
  assert.equal(asked.status, 0, asked.stderr);
  assert.match(asked.stdout, /\n  total 90 of 100,000,000 \(0%\)\n/);
  assert.match(asked.stdout, /Kubernetes 1\.31; /);

  // A chart's kubeVersion claims for its files.
  const chart = tmp({
    "charts/net/Chart.yaml": 'apiVersion: v2\nname: net\nversion: 0.1.0\nkubeVersion: ">=1.36.0-0"\n',
    "charts/net/crds/routes.yaml": ROUTES,
  });
  const c = crdlint(["cost", "charts/net/crds/routes.yaml"], { cwd: chart });
  assert.equal(c.status, 1, c.stderr);
  assert.match(c.stdout, /over a limit: 0 expressions, 0 schemas at 1\.36; 1 expression, 0 schemas at 1\.37/);
});

test("CLI: a bad range is a usage error, in the format asked", () => {
  const r = crdlint(["cost", "-k", "1.30..1.28", FIXTURE]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /empty range of releases "1.30..1.28"/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});
