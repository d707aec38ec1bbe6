/** Lint: a client-side `kubectl apply` would write a last-applied-configuration annotation over the annotations limit. */
import { defineRule, type RuleContext } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { tooLongBytesMessage } from "../../k8s/objectmeta.js";
import { schemaNodes } from "../../crd/schema.js";
import { MemoKey } from "../../crd/memo.js";
import { byteLength, goJson } from "../../k8s/go.js";
import {
  bytes,
  goJsonStringBytes,
  jsonBytes,
  LAST_APPLIED_CONFIG_ANNOTATION,
  objectSizes,
  SUBTREE_RECORDED_BYTES,
  TOTAL_ANNOTATION_SIZE_LIMIT,
  type KnownSizes,
  type ObjectSizes,
} from "./object-size.js";

// What `{"type":"object","x-kubernetes-preserve-unknown-fields":true}` costs in place of a subtree.
const PRESERVE_STUB_BYTES = byteLength(goJson({ type: "object", "x-kubernetes-preserve-unknown-fields": true }));
const DESCRIPTION_KEY_BYTES = byteLength(goJson("description")) + 2; // the colon and the comma

/** The CRD's shrink options (its excess is the CRD's too). */
const SHRINK = new MemoKey<Shrink>("size:last-applied-shrink");

interface Shrink {
  descriptions: number;
  /** The smallest subtree whose replacement alone would fit, or else the largest one. */
  subtree: { path: string; saves: number } | null;
}

/** Where the bytes could come from: description text, and a subtree to replace with x-kubernetes-preserve-unknown-fields. */
function shrinkOptions(ctx: RuleContext, excess: number, sizes: ObjectSizes, everySubtree = false): Shrink {
  // The sizing pass kept the subtrees of SUBTREE_RECORDED_BYTES and more: a subtree that is enough on its own is at
  // least that large unless the excess is small.
  const maxCopies = Math.max(1, ...ctx.crd.schemas.map((s) => s.versions.length));
  let memo: KnownSizes = sizes.subtrees;
  if (everySubtree || Math.ceil(excess / maxCopies) + PRESERVE_STUB_BYTES < SUBTREE_RECORDED_BYTES) {
    if (sizes.every) memo = sizes.every;
    else {
      const all = new Map<object, number>();
      jsonBytes(ctx.crd.raw, all);
      memo = all;
    }
  }
  let descriptions = 0;
  const candidates: { path: string; saves: number }[] = [];
  for (const scope of ctx.crd.schemas) {
    // A schema shared by several versions is written once per version.
    const copies = scope.versions.length;
    for (const node of schemaNodes(scope, ctx.memo)) {
      if (typeof node.schema.description === "string")
        descriptions += (DESCRIPTION_KEY_BYTES + goJsonStringBytes(node.schema.description)) * copies;
      if (node.isResourceRoot || !node.isStructural || node.resourceMeta) continue;
      const bytes = memo.get(node.schema);
      if (bytes !== undefined)
        candidates.push({ path: node.path.written.toString(), saves: (bytes - PRESERVE_STUB_BYTES) * copies });
    }
  }
  // The smallest subtree that is enough on its own keeps the most validation; failing that, the largest one.
  const enough = candidates.filter((c) => c.saves >= excess);
  // The largest may be a small subtree written in several versions: only the sizes of every subtree tell, unless a
  // recorded one saves more than any unrecorded one can (under SUBTREE_RECORDED_BYTES, in every version).
  if (enough.length === 0 && memo === sizes.subtrees) {
    const largest = candidates.reduce((m, c) => Math.max(m, c.saves), -Infinity);
    if (largest < (SUBTREE_RECORDED_BYTES - PRESERVE_STUB_BYTES) * maxCopies)
      return shrinkOptions(ctx, excess, sizes, true);
  }
  const pick = (list: typeof candidates, better: (a: number, b: number) => boolean) =>
    list.reduce<(typeof candidates)[number] | null>(
      (best, c) => (!best || better(c.saves, best.saves) ? c : best),
      null,
    );
  return {
    descriptions,
    subtree: enough.length > 0 ? pick(enough, (a, b) => a < b) : pick(candidates, (a, b) => a > b),
  };
}

export default defineRule({
  id: "lint-last-applied-configuration-too-large",
  category: "size",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A client-side `kubectl apply` would store the CRD in a last-applied-configuration annotation larger than the " +
    "262,144 bytes all annotations may take together.",
  preset: "recommended",
  presetWhy:
    "A failed apply: a client-side `kubectl apply`, still kubectl's default and many tools', fails with " +
    "`metadata.annotations: Too long`.",
  phase: "crd",
  messages: {
    tooLarge:
      "a client-side kubectl apply would make the annotations {{size}} bytes, {{excess}} over the limit of " +
      '{{limit}}: the apiserver would answer "metadata.annotations: Too long: {{tooLong}}"',
  },
  docs: {
    why:
      "A client-side `kubectl apply` (also `kubectl create --save-config` and `replace --save-config`) copies the " +
      "whole object, as compact JSON, into the `kubectl.kubernetes.io/last-applied-configuration` annotation for its " +
      "next three-way merge (kubectl pkg/util/apply.go: the old annotation is removed first, an object without " +
      'annotations gets `"annotations":{}`, keys sorted, a trailing newline). The apiserver limits all annotations ' +
      "of an object to 262,144 bytes together (keys and values, apimachinery ValidateAnnotationsSize), so a large " +
      "CRD, typically one that embeds PodTemplateSpecs with every upstream description, fails with " +
      "`metadata.annotations: Too long: may not be more than 262144 bytes` (`must have at most` before 1.32). The " +
      "CRD itself is valid: `kubectl apply --server-side`, `kubectl create` and `kubectl replace` do not write the " +
      "annotation, so this is a warning about how the CRD is applied, not an apiserver error. crdlint computes the " +
      "annotation from the object as kubectl reads the file, byte for byte. It knows how a file's CRDs are applied: " +
      "a Helm chart's `crds/` directory (beside Chart.yaml) is created by Helm without the annotation, so the rule " +
      "is quiet there; `applyMethod: server-side` in .crdlint.yaml (or `--apply-method server-side`) says that every " +
      "CRD is applied without it.",
    fix:
      "Apply with `kubectl apply --server-side` (add `--force-conflicts` once when taking over a CRD applied " +
      "client-side before), or create/replace it without `--save-config`; or shrink the CRD: drop or shorten " +
      "descriptions (controller-gen `crd:maxDescLen=0`), or replace a large subtree with `type: object` and " +
      "`x-kubernetes-preserve-unknown-fields: true` (it is then neither validated nor pruned).",
    upstream:
      "kubernetes/kubectl:pkg/util/apply.go (GetModifiedConfiguration), " +
      "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateAnnotationsSize)",
    fail: "",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, description: A small CRD.}}}\n",
  },
  check(ctx) {
    // Only a client-side apply writes the annotation: not a server-side apply, and not Helm creating a chart's crds/.
    if (ctx.applyMethod !== "client-side") return;
    const sizes = objectSizes(ctx);
    const excess = sizes.annotationsAfterApply - TOTAL_ANNOTATION_SIZE_LIMIT;
    if (excess <= 0) return;
    // Read from the CRD alone: a run over several releases finds it once.
    const shrink = ctx.memo.compute(SHRINK, () => shrinkOptions(ctx, excess, sizes));
    const details = [
      `the annotation ${LAST_APPLIED_CONFIG_ANNOTATION} would take ${bytes(sizes.lastApplied)} bytes; the other annotations and the key ${bytes(sizes.annotationsAfterApply - sizes.lastApplied)}`,
      `descriptions take ${bytes(shrink.descriptions)} bytes of the annotation`,
    ];
    if (shrink.subtree)
      details.push(
        `x-kubernetes-preserve-unknown-fields in place of ${shrink.subtree.path} would save ${bytes(shrink.subtree.saves)} bytes`,
      );
    ctx.report({
      path: DualPath.root("metadata", "annotations"),
      messageId: "tooLarge",
      data: {
        size: bytes(sizes.annotationsAfterApply),
        excess: bytes(excess),
        limit: bytes(TOTAL_ANNOTATION_SIZE_LIMIT),
        tooLong: tooLongBytesMessage(TOTAL_ANNOTATION_SIZE_LIMIT, ctx.minor),
      },
      detail: details.join("\n"),
      suggestion:
        "apply with `kubectl apply --server-side` (or `kubectl create` / `kubectl replace`), which write no last-applied annotation; or shrink the CRD " +
        (shrink.descriptions >= excess
          ? "by dropping descriptions (e.g. controller-gen crd:maxDescLen=0)"
          : "by dropping descriptions or with x-kubernetes-preserve-unknown-fields on a large subtree"),
    });
  },
});
