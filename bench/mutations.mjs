// One CRD-level mutation per CRD of a file, chosen by the CRD's position, with the revision rule that must report it.
// Used by bench/diff-corpus.mjs (the mutated copy) and test/commands/diff/corpus.test.mjs.
import { stringify } from "yaml";

const isCrd = (d) =>
  d && typeof d === "object" && d.kind === "CustomResourceDefinition" && d.spec && typeof d.spec === "object";

/** The mutations, tried in order from the CRD's index until one applies: [rule, apply(crd) → applied?]. */
const MUTATIONS = [
  [
    "revision-singular-changed",
    (c) => {
      const n = c.spec.names;
      if (!n || typeof n.kind !== "string") return false;
      n.singular = `${n.singular || n.kind.toLowerCase()}x`;
      return true;
    },
  ],
  [
    "revision-printer-columns-changed",
    (c) => {
      const v = c.spec.versions?.[0];
      if (!v) return false;
      v.additionalPrinterColumns = [
        ...(v.additionalPrinterColumns ?? []),
        { name: "MutatedAge", type: "date", jsonPath: ".metadata.creationTimestamp" },
      ];
      return true;
    },
  ],
  [
    "revision-scope-changed",
    (c) => {
      c.spec.scope = c.spec.scope === "Cluster" ? "Namespaced" : "Cluster";
      return true;
    },
  ],
  [
    "revision-status-subresource-changed",
    (c) => {
      const v = c.spec.versions?.[0];
      if (!v) return false;
      const sub = (v.subresources ??= {});
      if (sub.status) delete sub.status;
      else sub.status = {};
      return true;
    },
  ],
];

/** The mutated text of a file's documents (null when it holds no CRD) and what each mutation must be reported as. */
export function mutate(docs) {
  const expected = [];
  let i = 0;
  for (const d of docs) {
    if (!isCrd(d)) continue;
    for (let k = 0; k < MUTATIONS.length; k++) {
      const [rule, apply] = MUTATIONS[(i + k) % MUTATIONS.length];
      if (apply(d)) {
        expected.push({ name: d.metadata?.name, rule });
        break;
      }
    }
    i++;
  }
  if (expected.length === 0) return null;
  return { text: docs.map((d) => stringify(d, { lineWidth: 0 })).join("---\n"), expected };
}
