import { createCelValidator } from "../dist/cel/runtime/index.js";
for (const n of [40, 44, 46]) {
  const s = { type: "array", maxItems: n, items: { type: "integer" }, "x-kubernetes-validations": [{ rule: "self.all(a, self.all(b, self.all(c, a + b + c > 0)))" }] };
  const l = Array.from({ length: n }, (_, i) => i + 1);
  const r = createCelValidator(s, false, { minor: 37 }).validate(l, l, { ratcheting: false });
  console.log(n, 10_000_000 - r.remainingBudget, r.errors.map(e => e.message));
}
