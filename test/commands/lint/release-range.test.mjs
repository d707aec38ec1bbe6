// Runs over several releases (`-k 1.28..1.37`, `-k supported`, a claimed range): through the library, a range run
// finds at each release exactly what a run at that release finds; diagnostics alike at several releases are one;
// each CRD's verdict per release and first accepting release; the claimed range (Chart.yaml kubeVersion,
// .crdlint.yaml kubernetesVersions) checked by crd-rejected-in-claimed-range. Through the CLI, whole outputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { cost, diffText, lint, lintText } from "../../../dist/index.js";
import { supportedReleases } from "../../../dist/k8s/releases.js";
import { describeReleases } from "../../../dist/k8s/version.js";
import { crdlint, root, withoutUrl } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import { networkCrd } from "../../helpers/network-crd.mjs";

const crd = networkCrd;
// isCIDR is in the CRD-rule environment from 1.30, for new expressions from 1.31 (k-orc PR#336's breakage).
const CIDR = crd("!has(self.cidr) || isCIDR(self.cidr)");
const PLAIN = crd("!has(self.cidr) || self.cidr.size() > 0", "plains");
const minors = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => `1.${a + i}`);

test("a range run finds at each release what a run at that release finds (fixtures, every rule)", async () => {
  const paths = ["releases", "cel-compile", "structural", "versions"].map((d) => join(root, "fixtures", d));
  const options = { preset: "strict", cwd: root };
  const range = await lint(paths, { ...options, kubernetesVersion: "1.28..1.37" });
  assert.equal(range.kubernetesVersion, "1.28..1.37");
  assert.deepEqual(range.releases, minors(28, 37));
  for (const release of range.releases) {
    const one = await lint(paths, { ...options, kubernetesVersion: release });
    const atRelease = range.diagnostics
      .filter((d) => d.releases.includes(release))
      .map(({ releases, ...d }) => JSON.stringify(d))
      .sort();
    assert.deepEqual(atRelease, one.diagnostics.map((d) => JSON.stringify(d)).sort(), `at ${release}`);
    // Each CRD's verdict is the apiserver's answer at that release: an error of its own there, or none.
    for (const c of range.crdReleases) {
      const rejected = one.diagnostics.some(
        (d) => d.file === c.file && d.document === c.document && d.apiserver && d.severity === "error" && !d.hiddenBy,
      );
      assert.equal(c.verdicts[release], rejected ? "rejected" : "accepted", `${c.file} at ${release}`);
    }
  }
  // One diagnostic per finding: no two alike (but for their releases).
  const keys = range.diagnostics.map(({ releases, ...d }) => JSON.stringify(d) + releases.join());
  assert.equal(new Set(keys).size, keys.length);
  assert.equal(range.summary.crds, (await lint(paths, { ...options, kubernetesVersion: "1.37" })).summary.crds);
});

test("library: merged diagnostics, verdicts per release and the first accepting release", async () => {
  const r = await lintText(CIDR + "---\n" + PLAIN, { kubernetesVersion: "1.28..1.37", file: "net.yaml" });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.rule, d.releases, d.message]),
    [
      [
        "cel-compile-failed",
        ["1.28", "1.29"],
        "compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '')",
      ],
      // 1.30 prints the rule entry otherwise (the six-field ValidationRule): another diagnostic, same message.
      [
        "cel-compile-failed",
        ["1.30"],
        "compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '')",
      ],
    ],
  );
  assert.deepEqual(r.crdReleases, [
    {
      file: "net.yaml",
      document: 0,
      object: "networks.example.com",
      verdicts: Object.fromEntries(minors(28, 37).map((m) => [m, m <= "1.30" ? "rejected" : "accepted"])),
      accepted: minors(31, 37),
      firstAccepted: "1.31",
    },
    {
      file: "net.yaml",
      document: 1,
      object: "plains.example.com",
      verdicts: Object.fromEntries(minors(28, 37).map((m) => [m, "accepted"])),
      accepted: minors(28, 37),
      firstAccepted: "1.28",
    },
  ]);
  assert.equal(r.summary.errors, 2);
});

test("library: one release stays as it was (no releases, no verdicts); a bad range is a usage error", async () => {
  const one = await lintText(CIDR, { kubernetesVersion: "1.29" });
  assert.equal(one.kubernetesVersion, "1.29");
  assert.equal("releases" in one, false);
  assert.equal("crdReleases" in one, false);
  assert.ok(one.diagnostics.every((d) => !("releases" in d)));
  // cost takes a range too (test/commands/cost/release-range.test.mjs); a bad one is a usage error.
  await assert.rejects(() => cost([join(root, "fixtures", "cel-cost")], { kubernetesVersion: "1.37..1.28" }), {
    name: "UsageError",
    message: /kubernetesVersion: empty range of releases "1.37..1.28"/,
  });
  await assert.rejects(() => lintText(CIDR, { claimedKubernetesVersions: "1.40..1.41" }), {
    message: /claimedKubernetesVersions: unsupported Kubernetes version "1.40"/,
  });
});

test("CLI: -k 1.28..1.37, whole text output; an error at any release of the range fails the run", () => {
  const dir = tmp({ "net.yaml": CIDR, "plain.yaml": PLAIN });
  const r = crdlint(["lint", "-k", "1.28..1.37", "net.yaml", "plain.yaml"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  assert.equal(
    r.stdout,
    `net.yaml
  24:47    error   spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"!has(self.cidr) || isCIDR(self.cidr)","Message":"","MessageEx… (135 characters; --format json has it whole): compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '') (1.28–1.29)  cel-compile-failed
                    | !has(self.cidr) || isCIDR(self.cidr)
                    | .........................^
  24:47    error   spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"!has(self.cidr) ||… (203 characters; --format json has it whole): compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '') (1.30)  cel-compile-failed
                    | !has(self.cidr) || isCIDR(self.cidr)
                    | .........................^

releases per CRD (1.28–1.37):
  networks.example.com (net.yaml): accepted at 1.31–1.37; first accepted: 1.31
  plains.example.com (plain.yaml): accepted at every release in 1.28–1.37

✖ 2 problems (2 errors, 0 warnings) in 2 files, 2 CRDs, Kubernetes 1.28..1.37
`,
  );
  assert.equal(r.stderr, "");
  const green = crdlint(["lint", "-k", "1.31..1.37", "net.yaml"], { cwd: dir });
  assert.equal(green.status, 0);
  assert.equal(
    green.stdout,
    `releases per CRD (1.31–1.37):
  networks.example.com (net.yaml): accepted at every release in 1.31–1.37

✔ no problems (1 file, 1 CRD, Kubernetes 1.31..1.37)
`,
  );
});

test("CLI: -k supported is the minors upstream supports on the run's date", () => {
  const dir = tmp({ "plain.yaml": PLAIN });
  const r = crdlint(["lint", "-k", "supported", "plain.yaml"], { cwd: dir });
  // The run's date decides: the same table read the same day.
  const today = supportedReleases(new Date());
  const all = describeReleases(today);
  const range = today.length === 1 ? `1.${today[0]}..1.${today[0]}` : `1.${today[0]}..1.${today.at(-1)}`;
  assert.equal(r.status, 0, r.stderr);
  assert.equal(
    r.stdout,
    `releases per CRD (${all}):
  plains.example.com (plain.yaml): accepted at every release in ${all}

✔ no problems (1 file, 1 CRD, Kubernetes ${range})
`,
  );
});

test("CLI: JSON gives the releases, each diagnostic's releases and each CRD's verdict per release (additions only)", () => {
  const dir = tmp({ "net.yaml": CIDR });
  const r = crdlint(["lint", "-k", "1.29..1.31", "-f", "json", "net.yaml"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  const { tool, version, kubernetesVersion, diagnostics, summary, releases, crdReleases, ...rest } = r.json;
  assert.deepEqual(rest, {});
  assert.equal(kubernetesVersion, "1.29..1.31");
  assert.deepEqual(releases, ["1.29", "1.30", "1.31"]);
  assert.deepEqual(
    withoutUrl(diagnostics).map((d) => [d.rule, d.line, d.column, d.releases]),
    [
      ["cel-compile-failed", 24, 47, ["1.29"]],
      ["cel-compile-failed", 24, 47, ["1.30"]],
    ],
  );
  assert.deepEqual(summary, {
    files: 1,
    documents: 1,
    crds: 1,
    resources: 0,
    skipped: 0,
    suppressedApiserverErrors: 0,
    errors: 2,
    warnings: 0,
    infos: 0,
  });
  assert.deepEqual(crdReleases, [
    {
      file: "net.yaml",
      document: 0,
      object: "networks.example.com",
      verdicts: { 1.29: "rejected", "1.30": "rejected", 1.31: "accepted" },
      accepted: ["1.31"],
      firstAccepted: "1.31",
    },
  ]);
  // The same file at one release: the contract as it was.
  const one = crdlint(["lint", "-k", "1.31", "-f", "json", "net.yaml"], { cwd: dir });
  assert.deepEqual(Object.keys(one.json), ["tool", "version", "kubernetesVersion", "diagnostics", "summary"]);
});

test("CLI: a chart's kubeVersion is the run's range without -k, and a CRD rejected inside it is an error", () => {
  const dir = tmp({
    "charts/net/Chart.yaml": 'apiVersion: v2\nname: net\nversion: 0.1.0\nkubeVersion: ">=1.29.0-0"\n',
    "charts/net/crds/net.yaml": CIDR,
  });
  const r = crdlint(["lint", "charts/net/crds"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  assert.equal(
    r.stdout,
    `charts/net/crds/net.yaml
  24:47    error   spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"!has(self.cidr) || isCIDR(self.cidr)","Message":"","MessageEx… (135 characters; --format json has it whole): compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '') (1.29)  cel-compile-failed
                    | !has(self.cidr) || isCIDR(self.cidr)
                    | .........................^
  24:47    error   spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"!has(self.cidr) ||… (203 characters; --format json has it whole): compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '') (1.30)  cel-compile-failed
                    | !has(self.cidr) || isCIDR(self.cidr)
                    | .........................^
  24:47    error   spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: rejected at 1.29–1.30, inside the releases kubeVersion ">=1.29.0-0" in charts/net/Chart.yaml claims (1.29–1.37): at 1.29, compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '') (cel-compile-failed); first accepted at 1.31: the claim should start there (1.29–1.30)  crd-rejected-in-claimed-range

releases per CRD (1.29–1.37):
  networks.example.com (charts/net/crds/net.yaml): accepted at 1.31–1.37; first accepted: 1.31; claimed 1.29–1.37 by kubeVersion ">=1.29.0-0" in charts/net/Chart.yaml, should start at 1.31

✖ 3 problems (3 errors, 0 warnings) in 1 file, 1 CRD, Kubernetes 1.29..1.37
`,
  );
  // -k given: the run is that release alone, as before (the claim is judged only in a run over releases).
  const one = crdlint(["lint", "-k", "1.37", "charts/net/crds"], { cwd: dir });
  assert.equal(one.status, 0);
  assert.equal(one.stdout, "✔ no problems (1 file, 1 CRD, Kubernetes 1.37)\n");
  // Raising the floor to the first accepting release makes the chart green.
  const fixed = tmp({
    "charts/net/Chart.yaml": 'apiVersion: v2\nname: net\nversion: 0.1.0\nkubeVersion: ">=1.31.0-0"\n',
    "charts/net/crds/net.yaml": CIDR,
  });
  const ok = crdlint(["lint", "charts/net/crds"], { cwd: fixed });
  assert.equal(ok.status, 0, ok.stdout);
  assert.match(ok.stdout, /✔ no problems \(1 file, 1 CRD, Kubernetes 1\.31\.\.1\.37\)\n$/);
});

test("CLI: kubernetesVersions in .crdlint.yaml is the claim (and the run's range without -k); -k wider than it checks only inside it", () => {
  const dir = tmp({ ".crdlint.yaml": "kubernetesVersions: 1.30..1.37\n", "net.yaml": CIDR });
  const r = crdlint(["lint", "-f", "json", "net.yaml"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.json.kubernetesVersion, "1.30..1.37");
  const claim = withoutUrl(r.json.diagnostics).filter((d) => d.rule === "crd-rejected-in-claimed-range");
  assert.deepEqual(claim, [
    {
      file: "net.yaml",
      document: 0,
      object: "networks.example.com",
      line: 24,
      column: 47,
      endLine: 24,
      endColumn: 48,
      rule: "crd-rejected-in-claimed-range",
      category: "versions",
      severity: "error",
      apiserver: false,
      field: "spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule",
      type: null,
      message:
        "rejected at 1.30, inside the releases kubernetesVersions 1.30..1.37 claims (1.30–1.37): at 1.30, compilation failed: ERROR: <input>:1:26: undeclared reference to 'isCIDR' (in container '') (cel-compile-failed); first accepted at 1.31: the claim should start there",
      releases: ["1.30"],
    },
  ]);
  assert.deepEqual(r.json.crdReleases[0].claimed, {
    source: "kubernetesVersions 1.30..1.37",
    releases: minors(30, 37),
  });
  // A wider -k: 1.28 and 1.29 reject it too (their own errors), the claim names only 1.30.
  const wide = crdlint(["lint", "-k", "1.28..1.37", "-f", "json", "net.yaml"], { cwd: dir });
  assert.deepEqual(
    wide.json.diagnostics.filter((d) => d.rule === "crd-rejected-in-claimed-range").map((d) => d.releases),
    [["1.30"]],
  );
  // An unreadable claim is a configuration error (exit 2).
  const bad = tmp({ ".crdlint.yaml": "kubernetesVersions: 1.30..1.99\n", "net.yaml": CIDR });
  const e = crdlint(["lint", "net.yaml"], { cwd: bad });
  assert.equal(e.status, 2);
  assert.match(e.stderr, /invalid config: .*kubernetesVersions: unsupported Kubernetes version "1.99"/);
});

test("CLI: a bad -k is a usage error naming what it accepts", () => {
  const dir = tmp({ "net.yaml": CIDR });
  const r = crdlint(["lint", "-k", "1.30..1.28", "net.yaml"], { cwd: dir });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /empty range of releases "1.30..1.28"/);
  assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
});

test("diff over releases: the update judged at each release (a run per release), findings merged", async () => {
  // NEW adds the CIDR rule: rejected on update where the environment lacks isCIDR for new expressions.
  const r = await diffText(PLAIN.replace("plains", "networks"), CIDR, { kubernetesVersion: "1.29..1.32" });
  assert.equal(r.kubernetesVersion, "1.29..1.32");
  assert.deepEqual(r.releases, minors(29, 32));
  for (const release of r.releases) {
    const one = await diffText(PLAIN.replace("plains", "networks"), CIDR, { kubernetesVersion: release });
    assert.deepEqual(
      r.diagnostics.filter((d) => d.releases.includes(release)).map(({ releases, ...d }) => JSON.stringify(d)),
      one.diagnostics.map((d) => JSON.stringify(d)),
      `at ${release}`,
    );
  }
  assert.deepEqual(
    r.diagnostics.filter((d) => d.rule === "cel-compile-failed").map((d) => d.releases),
    [["1.29"], ["1.30"]],
  );
});
