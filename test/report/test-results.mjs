// Hand-built results of `crdlint test` runs (the TestRunResult model of src/diagnostics/test-result.ts), for the
// reporters' golden tests: one of every kind a report must render.

const WIDGETS = "config/crd/example.com_widgets.yaml";
const SUITE = "test/widgets.crdtest.yaml";

const passed = {
  file: SUITE,
  line: 5,
  column: 5,
  suite: "widgets",
  name: "a minimal widget is accepted and defaulted",
  crdFile: WIDGETS,
  operation: "create",
  status: "passed",
  warnings: [],
  durationMs: 3,
};

// Expected an error, the apiserver answers another one.
const wrongError = {
  file: SUITE,
  line: 11,
  column: 5,
  suite: "widgets",
  name: "a negative count is rejected",
  crdFile: WIDGETS,
  operation: "create",
  status: "failed",
  failure: {
    message: "the error does not contain the expected text",
    step: "create",
    expectedError: "spec.replicas: Invalid value: -1: should be greater than or equal to 0",
    actualError:
      'Widget.example.com "a-negative-count-is-rejected" is invalid: spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0',
  },
  warnings: [],
  durationMs: 2,
};

// Expected an error, the request would succeed; it held at other releases.
const noError = {
  file: SUITE,
  line: 19,
  column: 5,
  suite: "widgets",
  name: "mode is immutable",
  crdFile: WIDGETS,
  operation: "update",
  status: "failed",
  failure: {
    message: "the request succeeds, an error was expected",
    step: "update",
    expectedError: "mode is immutable",
    actualError: null,
    passesAt: "1.25–1.36",
  },
  warnings: ['unknown field "spec.colour"'],
  durationMs: 4,
};

// The stored object is not the expected one.
const objectDiff = {
  file: SUITE,
  line: 27,
  column: 5,
  suite: "widgets",
  name: "mode defaults to Auto",
  crdFile: WIDGETS,
  operation: "create",
  status: "failed",
  failure: {
    message: "the object read back is not the expected object",
    step: "read back",
    expectedObject: "apiVersion: example.com/v1\nkind: Widget\nspec:\n  mode: Auto\n  replicas: 1\n",
    actualObject: "apiVersion: example.com/v1\nkind: Widget\nspec:\n  mode: Manual\n  replicas: 1\n",
    objectDiff: "--- expected\n+++ actual\n@@ -3,3 +3,3 @@\n spec:\n-  mode: Auto\n+  mode: Manual\n   replicas: 1\n",
  },
  warnings: [],
  durationMs: 2,
};

// The case cannot run as written.
const errored = {
  file: SUITE,
  line: 33,
  column: 5,
  suite: "widgets",
  name: 'a status update, with "quotes" & <angles>',
  crdFile: WIDGETS,
  operation: "status",
  status: "errored",
  failure: {
    message: "the old object cannot be created",
    step: "create",
    actualError:
      'Widget.example.com "a-status-update" is invalid: spec.replicas: Required value\nand a second line: 100% sure, a,b',
  },
  warnings: [],
  durationMs: 1,
};

// An openshift/api suite whose case runs against two CRD manifests: passes on one, fails on the other.
const OS_SUITE = "config/v1/tests/widgets.example.com/AAA_ungated.yaml";
const osCase = {
  file: OS_SUITE,
  line: 7,
  column: 7,
  suite: "[Stable] Widget",
  name: "Should be able to create a minimal Widget",
  operation: "create",
  warnings: [],
  durationMs: 5,
};
const osDefault = {
  ...osCase,
  crdFile: "config/v1/zz_generated.crd-manifests/0000_widgets-Default.crd.yaml",
  status: "passed",
};
const osTechPreview = {
  ...osCase,
  crdFile: "config/v1/zz_generated.crd-manifests/0000_widgets-TechPreviewNoUpgrade.crd.yaml",
  status: "failed",
  failure: {
    message: "the request fails, it was expected to succeed",
    step: "create",
    actualError: 'Widget.example.com "test-x7k2p" is invalid: spec.size: Required value',
  },
};

export const coverage = {
  items: [
    {
      crd: "widgets.example.com",
      version: "v1",
      path: "spec.replicas",
      check: "minimum",
      file: WIDGETS,
      line: 24,
      failed: true,
      passed: true,
    },
    {
      crd: "widgets.example.com",
      version: "v1",
      path: "spec",
      check: "rule[0]",
      rule: "self.mode == oldSelf.mode",
      file: WIDGETS,
      line: 31,
      failed: false,
      passed: true,
    },
    {
      crd: "widgets.example.com",
      version: "v1",
      path: "spec.mode",
      check: "enum",
      file: WIDGETS,
      line: 27,
      failed: false,
      passed: false,
    },
    {
      crd: "widgets.example.com",
      version: "v1",
      path: "<root>",
      check: "required:spec",
      failed: true,
      passed: false,
    },
    {
      crd: "widgets.example.com",
      version: "v1beta1",
      path: "spec.replicas",
      check: "maximum",
      file: WIDGETS,
      line: 60,
      failed: true,
      passed: true,
    },
  ],
  summary: { checks: 5, failedBySome: 3, passedBySome: 3, both: 2, neither: 1 },
};

/** A run with every kind of result and a suite problem. */
export const mixed = {
  kubernetesVersion: "1.33",
  suites: 3,
  cases: [passed, wrongError, noError, objectDiff, errored, osDefault, osTechPreview],
  problems: [
    {
      file: "config/v2/tests/gadgets.example.com/Gated.yaml",
      line: 3,
      column: 1,
      message: 'feature gate "NoSuchGate" is in no FeatureGate manifest of payload-manifests/featuregates',
    },
  ],
  summary: { passed: 2, failed: 4, errored: 1, durationMs: 1432 },
};

/** A green run, with coverage. */
export const green = {
  kubernetesVersion: "1.37",
  suites: 1,
  cases: [passed, { ...passed, line: 9, name: "a widget with two replicas", durationMs: 2 }],
  problems: [],
  summary: { passed: 2, failed: 0, errored: 0, durationMs: 41 },
  coverage,
};
