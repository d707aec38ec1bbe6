// Generates one CustomResourceDefinition of about `bytes` bytes, as big generated CRDs are written: a schema with a
// very large map of properties with long descriptions, block-scalar descriptions, enums, patterns and CEL rules.
// Deterministic, so runs compare.
export function largeCrd(bytes) {
  const out = [];
  let size = 0;
  const push = (line) => {
    out.push(line);
    size += line.length + 1;
  };
  push("apiVersion: apiextensions.k8s.io/v1");
  push("kind: CustomResourceDefinition");
  push("metadata:");
  push("  name: widgets.large.example.com");
  push("  annotations:");
  push("    controller-gen.kubebuilder.io/version: v0.16.0");
  push("spec:");
  push("  group: large.example.com");
  push("  scope: Namespaced");
  push("  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}");
  push("  versions:");
  const words =
    "the controller reconciles this field when the referenced object changes and reports the outcome in status conditions so that users can".split(
      " ",
    );
  const text = (seed, n) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(" ");
  // One version whose spec is a flat map of many properties (the shape of CRDs generated from large config
  // structs), each with a long description; every 25th property is an object with nested fields and a CEL rule.
  push("    - name: v1");
  push("      served: true");
  push("      storage: true");
  push("      schema:");
  push("        openAPIV3Schema:");
  push("          type: object");
  push("          description: Widget is the Schema for the widgets API.");
  push("          properties:");
  push("            apiVersion: {type: string}");
  push("            kind: {type: string}");
  push("            metadata: {type: object}");
  push("            status:");
  push("              type: object");
  push("              x-kubernetes-preserve-unknown-fields: true");
  push("            spec:");
  push("              type: object");
  push("              properties:");
  const ind = "                ";
  const tail = 200;
  for (let f = 0; size < bytes - tail; f++) {
    push(`${ind}field${f}:`);
    if (f % 25 === 0) {
      push(`${ind}  description: |-`);
      push(`${ind}    Field${f} ${text(f, 24)}.`);
      push(`${ind}    ${text(f + 1, 20)}.`);
      push(`${ind}  type: object`);
      push(`${ind}  x-kubernetes-validations:`);
      push(`${ind}    - rule: "!has(self.name) || self.name.size() <= 64"`);
      push(`${ind}      message: name is too long`);
      push(`${ind}  properties:`);
      push(`${ind}    name: {type: string, maxLength: 64, pattern: "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"}`);
      push(`${ind}    port: {type: integer, format: int32, minimum: 1, maximum: 65535}`);
      push(`${ind}    policy: {type: string, enum: [Always, Never, IfNotPresent]}`);
      push(`${ind}    hosts: {type: array, maxItems: 16, items: {type: string, maxLength: 253}}`);
      continue;
    }
    push(`${ind}  description: ${text(f, 16)}.`);
    switch (f % 4) {
      case 0:
        push(`${ind}  type: string`);
        push(`${ind}  maxLength: 64`);
        break;
      case 1:
        push(`${ind}  type: integer`);
        push(`${ind}  format: int64`);
        push(`${ind}  minimum: 0`);
        break;
      case 2:
        push(`${ind}  type: boolean`);
        break;
      default:
        push(`${ind}  type: array`);
        push(`${ind}  items: {type: string}`);
    }
  }
  push("      subresources: {status: {}}");
  return out.join("\n") + "\n";
}
