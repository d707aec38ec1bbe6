// crdlint diff on consecutive releases of six projects (Strimzi, Cluster API, Tekton, Crossplane, Argo CD, Istio), taken
// from their public git history (test/fixtures/revisions/README.md names tag, commit and path of each file): the
// upgrade failures their users reported, and benign releases whose expected output is nothing (or only information).
// Each pair's whole set of diagnostics is asserted through the library (diff) and the CLI (--format json); the
// apiserver's verdict on the update is compared with the oracle (oracle/, crd-update) when its binary is built.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { diff } from "../../../dist/index.js";
import { crdlint, root } from "../../helpers/cli.mjs";
import { Oracle, oracleBinary } from "../../oracle/client.mjs";

const dir = join(root, "test", "fixtures", "revisions");
const file = (f) => join(dir, f);

/** A diagnostic as the pairs below state it: rule, severity, field (the apiserver's for its errors), operation. */
const line = (d) =>
  `${d.rule} ${d.severity} ${d.apiserver ? (d.apiserverField ?? d.field) : d.field}${d.operation ? ` (${d.operation})` : ""}`;

// Istio 1.22 bounded the uint32 fields of WorkloadGroup in every version it serves.
const uint32Bounds = (index) =>
  [
    "probe].properties[httpGet].properties[port]",
    "probe].properties[tcpSocket].properties[port]",
    "template].properties[ports].additionalProperties",
    "template].properties[weight]",
  ].flatMap((f) =>
    ["maximum", "minimum"].map(
      (k) =>
        `revision-bounds-tightened warning spec.versions[${index}].schema.openAPIV3Schema.properties[spec].properties[${f}.${k}`,
    ),
  );
// Istio 1.5 added these to DestinationRule's traffic policies, at the top and per subset, and per port in each.
const trafficPolicyFields = (at) =>
  ["", "portLevelSettings].items.properties["].flatMap((port) =>
    [
      "loadBalancer].properties[localityLbSetting]",
      "outlierDetection].properties[consecutive5xxErrors]",
      "outlierDetection].properties[consecutiveGatewayErrors]",
    ].map(
      (f) =>
        `revision-field-removed warning spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[${at}].properties[${port}${f}`,
    ),
  );
const mapTypeAtomic = (p) =>
  `revision-map-type-changed info spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[generators].items.properties[${p}.x-kubernetes-map-type`;

/**
 * old/new: fixture files; storedVersions: the cluster's status.storedVersions (absent: crdlint assumes OLD's storage
 * version); k: the Kubernetes release (absent: the default); expect: every diagnostic, in crdlint's order.
 */
const PAIRS = [
  {
    name: "Strimzi 0.22.1 → 0.23.0, KafkaConnector (strimzi-kafka-operator#7225): v1alpha1, the storage version, removed; apiextensions v1beta1 to v1",
    old: "strimzi/kafkaconnector-0.22.1.yaml",
    new: "strimzi/kafkaconnector-0.23.0.yaml",
    k: "1.21",
    // OLD is compared as the cluster holds it (servedAsV1): its CRD-wide subresources and columns are no change, but
    // v1beta1's default preserveUnknownFields: true is, since v1 prunes.
    expect: [
      "revision-stored-version-removed error status.storedVersions[0] (update)",
      "revision-preserve-unknown-fields-disabled error spec",
    ],
  },
  {
    name: "Strimzi 0.43.0 → 0.44.0, KafkaConnector: new optional spec.listOffsets and spec.alterOffsets (benign)",
    old: "strimzi/kafkaconnector-0.43.0.yaml",
    new: "strimzi/kafkaconnector-0.44.0.yaml",
    expect: [],
  },
  {
    name: "Strimzi 0.51.0 → 1.0.0, StrimziPodSet (strimzi-kafka-operator#12751): v1beta2, the storage version, is gone",
    old: "strimzi/strimzipodset-0.51.0.yaml",
    new: "strimzi/strimzipodset-1.0.0.yaml",
    storedVersions: ["v1", "v1beta2"],
    expect: ["revision-stored-version-removed error status.storedVersions[1] (update)"],
  },
  {
    name: "Cluster API v1.5.3 → v1.6.0, ClusterResourceSetBinding (cluster-api#10051): unserved v1alpha3 removed, v1alpha4 unserved",
    old: "cluster-api/clusterresourcesetbinding-v1.5.3.yaml",
    new: "cluster-api/clusterresourcesetbinding-v1.6.0.yaml",
    expect: [
      "revision-version-removed warning spec.versions[0].name",
      "revision-version-unserved warning spec.versions[0].served",
    ],
  },
  {
    name: "Cluster API v1.5.3 → v1.6.0 on a cluster whose storedVersions still list v1alpha3 (cluster-api#6691: clusterctl migrates them first)",
    old: "cluster-api/clusterresourcesetbinding-v1.5.3.yaml",
    new: "cluster-api/clusterresourcesetbinding-v1.6.0.yaml",
    storedVersions: ["v1alpha3", "v1alpha4", "v1beta1"],
    expect: [
      "revision-stored-version-removed error status.storedVersions[0] (update)",
      "revision-version-unserved warning spec.versions[0].served",
    ],
  },
  {
    name: "Cluster API v1.6.0 → v1.6.2: the fix, v1alpha3 back in spec.versions, unserved",
    old: "cluster-api/clusterresourcesetbinding-v1.6.0.yaml",
    new: "cluster-api/clusterresourcesetbinding-v1.6.2.yaml",
    expect: [],
  },
  {
    name: "Cluster API v1.6.2 → v1.7.0: controller-gen and description changes (benign)",
    old: "cluster-api/clusterresourcesetbinding-v1.6.2.yaml",
    new: "cluster-api/clusterresourcesetbinding-v1.7.0.yaml",
    expect: [],
  },
  {
    name: "Tekton v0.38.0 → v0.38.1, Task: served v1alpha1 removed in a patch release (pipeline#5220)",
    old: "tekton/task-v0.38.0.yaml",
    new: "tekton/task-v0.38.1.yaml",
    expect: ["revision-version-removed warning spec.versions[0].name"],
  },
  {
    name: "Tekton v0.38.0 → v0.38.1 on a cluster installed before v0.13, when v1alpha1 was storage (operator#1675: must appear in spec.versions)",
    old: "tekton/task-v0.38.0.yaml",
    new: "tekton/task-v0.38.1.yaml",
    storedVersions: ["v1alpha1", "v1beta1"],
    k: "1.32",
    expect: ["revision-stored-version-removed error status.storedVersions[0] (update)"],
  },
  {
    name: "Tekton v0.42.0 → v0.43.0, Task: v1 served, so kubectl and discovery clients switch to it (hub#781)",
    old: "tekton/task-v0.42.0.yaml",
    new: "tekton/task-v0.43.0.yaml",
    expect: ["revision-version-priority-changed warning spec.versions[1].name"],
  },
  {
    name: "Tekton v0.48.0 → v0.49.0, Task: storage moves to v1 behind the conversion webhook (benign: a warning that the storage migration is due)",
    old: "tekton/task-v0.48.0.yaml",
    new: "tekton/task-v0.49.0.yaml",
    expect: ["revision-storage-version-changed warning spec.versions[1].storage"],
  },
  {
    name: "Crossplane v1.18.2 → v2.0.1, EnvironmentConfig (crossplane#6717): a skipped minor leaves v1alpha1 stored",
    old: "crossplane/environmentconfig-v1.18.2.yaml",
    new: "crossplane/environmentconfig-v2.0.1.yaml",
    k: "1.32",
    expect: ["revision-stored-version-removed error status.storedVersions[0] (update)"],
  },
  {
    name: "Crossplane v1.18.2 → v1.19.0: no change to EnvironmentConfig (benign)",
    old: "crossplane/environmentconfig-v1.18.2.yaml",
    new: "crossplane/environmentconfig-v1.19.0.yaml",
    expect: [],
  },
  {
    name: "Crossplane v1.19.0 → v1.20.0: storage moves to v1beta1 (benign: a warning that the storage migration is due, which Crossplane runs)",
    old: "crossplane/environmentconfig-v1.19.0.yaml",
    new: "crossplane/environmentconfig-v1.20.0.yaml",
    expect: ["revision-storage-version-changed warning spec.versions[1].storage"],
  },
  {
    name: "Crossplane v1.20.0 → v2.0.1 after the v1.20 migration (storedVersions [v1beta1]): v1alpha1 removed",
    old: "crossplane/environmentconfig-v1.20.0.yaml",
    new: "crossplane/environmentconfig-v2.0.1.yaml",
    storedVersions: ["v1beta1"],
    expect: ["revision-version-removed warning spec.versions[0].name"],
  },
  {
    name: "Argo CD v2.11.7 → v2.12.0, ApplicationSet (argo-cd#20576): status.applicationStatus[*].targetRevisions required",
    old: "argo-cd/applicationset-v2.11.7.yaml",
    new: "argo-cd/applicationset-v2.12.0.yaml",
    expect: [
      mapTypeAtomic("clusterDecisionResource].properties[labelSelector]"),
      mapTypeAtomic("clusters].properties[selector]"),
      mapTypeAtomic(
        "matrix].properties[generators].items.properties[clusterDecisionResource].properties[labelSelector]",
      ),
      mapTypeAtomic("matrix].properties[generators].items.properties[clusters].properties[selector]"),
      mapTypeAtomic("matrix].properties[generators].items.properties[selector]"),
      mapTypeAtomic(
        "merge].properties[generators].items.properties[clusterDecisionResource].properties[labelSelector]",
      ),
      mapTypeAtomic("merge].properties[generators].items.properties[clusters].properties[selector]"),
      mapTypeAtomic("merge].properties[generators].items.properties[selector]"),
      mapTypeAtomic("selector]"),
      "revision-required-added error spec.versions[0].schema.openAPIV3Schema.properties[status].properties[applicationStatus].items.required[4]",
    ],
  },
  {
    name: "Argo CD v3.0.0 → v3.1.0, AppProject: spec.description limited to 255 characters (a ratcheted warning, no error)",
    old: "argo-cd/appproject-v3.0.0.yaml",
    new: "argo-cd/appproject-v3.1.0.yaml",
    expect: [
      "revision-bounds-tightened warning spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[description].maxLength",
    ],
  },
  {
    name: "Istio 1.21.0 → 1.22.0, WorkloadGroup: v1 added, storage to v1beta1 under conversion None (schemas equal but for descriptions)",
    old: "istio/workloadgroup-1.21.0.yaml",
    new: "istio/workloadgroup-1.22.0.yaml",
    expect: [
      "revision-version-priority-changed warning spec.versions[0].name",
      ...uint32Bounds(1),
      ...uint32Bounds(2),
      "revision-storage-version-changed warning spec.versions[2].storage",
    ],
  },
  {
    name: "Istio 1.23.0 → 1.24.0, ProxyConfig: a status schema added (benign)",
    old: "istio/proxyconfig-1.23.0.yaml",
    new: "istio/proxyconfig-1.24.0.yaml",
    expect: [],
  },
  {
    name: "Istio 1.5.0-beta.1 → 1.4.3 on Kubernetes 1.16, DestinationRule (istio#20861, a downgrade): v1beta1, stored by 1.5.0-beta.1, is gone",
    old: "istio/destinationrule-1.5.0-beta.1.yaml",
    new: "istio/destinationrule-1.4.3.yaml",
    storedVersions: ["v1alpha3", "v1beta1"],
    k: "1.16",
    oracle: false, // the oracles are 1.33 and 1.37, which no longer serve apiextensions.k8s.io/v1beta1
    // Both sides are compared in the v1 form the apiserver converts them to; 1.4's CRD keeps unknown fields (the
    // v1beta1 default), so the fields 1.5 added stay stored.
    expect: [
      ...trafficPolicyFields("subsets].items.properties[trafficPolicy"),
      ...trafficPolicyFields("trafficPolicy"),
      "revision-stored-version-removed error status.storedVersions[1] (update)",
    ],
  },
  {
    name: "Istio 1.5.0-beta.1 → 1.4.3, DestinationRule (istio#20861, a downgrade): apiextensions.k8s.io/v1beta1 CRDs, which 1.37 no longer serves",
    old: "istio/destinationrule-1.5.0-beta.1.yaml",
    new: "istio/destinationrule-1.4.3.yaml",
    storedVersions: ["v1alpha3", "v1beta1"],
    oracle: false, // the apiserver's answer is a 404 for the resource, not a validation error
    expect: ["crd-v1beta1-removed error apiVersion (update)"],
  },
];

const options = (p) => ({
  cwd: root,
  ...(p.storedVersions ? { storedVersions: p.storedVersions } : {}),
  ...(p.k ? { kubernetesVersion: p.k } : {}),
});
const cliArgs = (p) => [
  "diff",
  file(p.old),
  file(p.new),
  "--format",
  "json",
  ...(p.storedVersions ? ["--stored-versions", p.storedVersions.join(",")] : []),
  ...(p.k ? ["-k", p.k] : []),
];

for (const p of PAIRS) {
  test(p.name, async () => {
    const r = await diff([file(p.old)], [file(p.new)], options(p));
    assert.deepEqual(r.diagnostics.map(line), p.expect);
    const cli = crdlint(cliArgs(p));
    assert.equal(cli.stderr, "");
    assert.deepEqual(cli.json.diagnostics.map(line), p.expect);
    assert.equal(cli.status, p.expect.some((l) => l.includes(" error ")) ? 1 : 0);
  });
}

const run = (p) => diff([file(p.old)], [file(p.new)], options(p));
const pair = (prefix) => PAIRS.find((p) => p.name.startsWith(prefix));

test("Strimzi#12751: the message is the one the issue quotes, with the migration plan in its detail", async () => {
  const [d] = (await run(pair("Strimzi 0.51.0"))).diagnostics;
  assert.equal(
    `${d.apiserverField}: ${d.type}: ${d.value}: ${d.message}`,
    'status.storedVersions[1]: Invalid value: "v1beta2": missing from spec.versions; v1beta2 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1beta2 and removes v1beta2 from status.storedVersions',
  );
  assert.equal(d.effect, "rejected");
  assert.ok(d.file.endsWith("strimzipodset-0.51.0.yaml"), "positioned at v1beta2 in OLD");
  assert.match(
    d.detail,
    /kubectl get strimzipodsets\.core\.strimzi\.io --all-namespaces -o json \| kubectl replace -f -/,
  );
  assert.match(
    d.detail,
    /kubectl patch crd strimzipodsets\.core\.strimzi\.io --subresource=status --type=merge -p '\{"status":\{"storedVersions":\["v1"\]\}\}'/,
  );
});

test("before Kubernetes 1.33 the apiserver's message is the short one the Crossplane and Tekton reports quote", async () => {
  for (const prefix of ["Crossplane v1.18.2 → v2.0.1", "Tekton v0.38.0 → v0.38.1 on a cluster", "Strimzi 0.22.1"]) {
    const [d] = (await run(pair(prefix))).diagnostics;
    assert.equal(
      `${d.apiserverField}: ${d.type}: ${d.value}: ${d.message}`,
      'status.storedVersions[0]: Invalid value: "v1alpha1": must appear in spec.versions',
      prefix,
    );
  }
  // The text istio#20861 quotes.
  const istio = (await run(pair("Istio 1.5.0-beta.1 → 1.4.3 on Kubernetes 1.16"))).diagnostics.at(-1);
  assert.equal(
    `${istio.apiserverField}: ${istio.type}: ${istio.value}: ${istio.message}`,
    'status.storedVersions[1]: Invalid value: "v1beta1": must appear in spec.versions',
  );
  // Without a status crdlint assumes the apiserver's guarantee (OLD's storage version is stored), and says so.
  const [assumed] = (await run(pair("Crossplane v1.18.2 → v2.0.1"))).diagnostics;
  assert.deepEqual(assumed.assumes, ["storedVersions"]);
});

test("cluster-api#10051: removing an unserved version warns that server-side apply fails on objects that still name it", async () => {
  const [removed] = (await run(pair("Cluster API v1.5.3 → v1.6.0, ClusterResourceSetBinding"))).diagnostics;
  assert.equal(removed.effect, "clients-break");
  // A revision message is whole (not cut at 300 characters); detail holds the assumption about OLD's stored versions.
  assert.match(
    removed.message,
    /^version v1alpha3 was removed; it was not served, but objects written through it while it was served keep addons\.cluster\.x-k8s\.io\/v1alpha3 in metadata\.managedFields/,
  );
  assert.match(
    removed.message,
    /request to convert CR to an invalid group\/version: addons\.cluster\.x-k8s\.io\/v1alpha3/,
  );
});

test("argo-cd#20576: a field required under status fails the controller's status writes, not creates", async () => {
  const d = (await run(pair("Argo CD v2.11.7"))).diagnostics.at(-1);
  assert.equal(d.effect, "objects-fail");
  assert.equal(d.ratcheted, undefined);
  assert.match(
    d.message,
    /^targetRevisions is now required in status\.applicationStatus\[\*\] \(v1alpha1\), and the field is new: every status write \(the \/status subresource\) that changes anything in status\.applicationStatus\[\*\] fails until the writer sets it/,
  );
  assert.doesNotMatch(d.detail ?? d.message, /next create/);
});

test("Tekton v0.42 → v0.43 and Istio 1.21 → 1.22 name the preferred-version switch; Istio's storage move under None loses nothing", async () => {
  const [tekton] = (await run(pair("Tekton v0.42.0"))).diagnostics;
  assert.match(
    tekton.message,
    /^the preferred version changes from v1beta1 to v1: kubectl get, kubectl edit and discovery-based clients now read and write v1/,
  );
  const istio = (await run(pair("Istio 1.21.0"))).diagnostics;
  assert.deepEqual(
    istio.filter((d) => d.rule === "revision-conversion-none-schema-mismatch"),
    [],
  );
  assert.match(istio.at(-1).message, /^storage moves from v1alpha3 to v1beta1/);
});

test("diff X X on every new release file reports nothing", async () => {
  // The apiextensions.k8s.io/v1beta1 files (Istio 1.4 and 1.5, Strimzi 0.22) are refused by 1.37 whatever OLD is.
  const files = [...new Set(PAIRS.flatMap((p) => [p.old, p.new]))].filter(
    (f) => !/^apiVersion: apiextensions\.k8s\.io\/v1beta1$/m.test(readFileSync(file(f), "utf8")),
  );
  for (const f of files)
    assert.deepEqual(
      (await diff([file(f)], [file(f)], { cwd: root })).diagnostics.map((d) => `${f} ${line(d)}`),
      [],
      f,
    );
});

/** OLD as the cluster holds it: the pair's storedVersions, or the apiserver's own (OLD's storage version), Established. */
function oldWithStatus(p) {
  const old = parse(readFileSync(file(p.old), "utf8"));
  const storage = (old.spec.versions ?? []).find((v) => v.storage === true)?.name;
  const n = old.spec.names;
  old.status = {
    storedVersions: p.storedVersions ?? [storage],
    conditions: [
      {
        type: "Established",
        status: "True",
        lastTransitionTime: "2024-01-01T00:00:00Z",
        reason: "InitialNamesAccepted",
        message: "the initial names have been accepted",
      },
    ],
    acceptedNames: {
      plural: n.plural,
      kind: n.kind,
      singular: n.singular,
      listKind: n.listKind,
      ...(n.shortNames ? { shortNames: n.shortNames } : {}),
      ...(n.categories ? { categories: n.categories } : {}),
    },
  };
  return JSON.stringify(old);
}

for (const release of ["1.37", "1.33"]) {
  const bin = oracleBinary(root, release);
  test(
    `the update verdict on every pair is the apiserver's (oracle ${release})`,
    { skip: existsSync(bin) ? false : `no oracle binary at ${bin} (node scripts/build-oracle.mjs)` },
    async () => {
      const oracle = new Oracle(bin, release);
      let compared = 0;
      try {
        for (const p of PAIRS.filter((x) => x.oracle !== false)) {
          const o = await oracle.request("crd-update", {
            old: oldWithStatus(p),
            object: readFileSync(file(p.new), "utf8"),
            oldStatus: "as-is",
          });
          assert.ok(
            !o.fatal && !o.requestError && !o.decodeFailed,
            `${p.name}: the oracle could not answer: ${o.line}`,
          );
          const mine = (
            await diff([file(p.old)], [file(p.new)], { ...options(p), kubernetesVersion: release })
          ).diagnostics
            .filter((d) => d.apiserver && d.severity === "error")
            .map((d) => `${d.apiserverField ?? d.field}: ${d.type}: ${d.message}`)
            .sort();
          const theirs = (o.errors ?? []).map((e) => `${e.field}: ${e.type}: ${e.detail.split("\n")[0]}`).sort();
          assert.deepEqual(mine, theirs, p.name);
          compared++;
        }
      } finally {
        await oracle.close();
      }
      assert.equal(compared, PAIRS.filter((x) => x.oracle !== false).length);
    },
  );
}
