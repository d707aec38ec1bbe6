// CRD update (OLD, NEW): crdlint's revision verdict vs the CRD strategy's PrepareForUpdate, ValidateUpdate and
// WarningsOnUpdate. It needs `diffText` from crdlint's library (the revisions work, `crdlint diff`); until the
// library has it the family reports "not yet".
import * as crdlint from "../../../dist/index.js";
import { genCrd, MUTATIONS, MUTATION_NAMES } from "../gen-crd.mjs";
import { shrinkJson } from "../shrink-json.mjs";
import { compareCrdVerdicts, apiserverView, hasPropertiesOnArray } from "./crd-create.mjs";

const json = (v) => JSON.stringify(v, null, 2) + "\n";
// A shrunk pair stays a pair: crdlint pairs OLD and NEW by metadata.name, so a candidate that drops the name (on either
// side) is no update to crdlint and would shrink every divergence into a nameless create.
const keep = (p) => (p.length === 1 && (p[0] === "apiVersion" || p[0] === "kind" || p[0] === "metadata")) || (p.length === 2 && p[0] === "metadata" && p[1] === "name");

export const crdUpdateFamily = {
  name: "crd-update",
  op: "crd-update",
  available: async () => typeof crdlint.diffText === "function",
  // Not gating yet: `crdlint diff` is new, and the generated pairs still find open divergences (CRD-level immutability
  // and name checks on updates whose NEW is invalid, 1.33's value printing on update paths; docs/development.md). A
  // run measures and prints them; they fail it once this is true. The hand-written update cases are checked against
  // the oracle exactly, and gate, in test/revisions-oracle.test.mjs.
  gating: false,
  unavailable: "crdlint's library has no diffText yet (crdlint diff)",
  generate(r) {
    const old = genCrd(r);
    const next = structuredClone(old);
    for (let i = r.weighted([[2, 0], [5, 1], [2, 2]]); i > 0; i--) {
      try {
        MUTATIONS[r.pick(MUTATION_NAMES)](r, next);
      } catch {
        // a mutation that does not apply leaves NEW as it is
      }
    }
    // NEW keeps OLD's metadata.name: crdlint pairs revisions by name, so a renamed NEW is another CRD (created, not an
    // update) and the pair would test nothing of the update. The names mutations still change group, plural and kind.
    if (next.metadata?.name !== old.metadata?.name) next.metadata = { ...(next.metadata ?? {}), name: old.metadata.name };
    return { old: JSON.parse(JSON.stringify(old)), crd: JSON.parse(JSON.stringify(next)) };
  },
  request: (c) => ({ op: "crd-update", fields: { old: json(c.old), object: json(c.crd) } }),
  async compare(c, answer, release) {
    const r = await crdlint.diffText(json(c.old), json(c.crd), { kubernetesVersion: release });
    const items = compareCrdVerdicts(r.diagnostics, answer);
    // The same shape as crd-create's cel-cost-properties-on-array (NEW is validated with the create code).
    if (items.some((i) => i.rule === undefined && /x-kubernetes-validations|openAPIV3Schema$/.test(i.field ?? ""))) {
      const odd = (Array.isArray(c.crd?.spec?.versions) ? c.crd.spec.versions : []).some((v) => hasPropertiesOnArray(v?.schema?.openAPIV3Schema));
      for (const i of items) i.propertiesOnArray = odd;
    }
    return { items, mine: apiserverView(r.diagnostics), theirs: answer };
  },
  *shrink(c) {
    for (const crd of shrinkJson(c.crd, keep)) yield { ...c, crd };
    for (const old of shrinkJson(c.old, keep)) yield { ...c, old };
  },
  show: (c) => `# OLD\n${json(c.old)}---\n# NEW\n${json(c.crd)}`,
};
