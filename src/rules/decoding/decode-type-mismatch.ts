/** A value of the wrong JSON type for its Go field: the request body cannot be decoded, so the CRD is rejected before any validation. */
import { defineRule } from "../define-rule.js";
import { reportIssues } from "./issues.js";

export default defineRule({
  id: "decode-type-mismatch",
  category: "decoding",
  severity: "error",
  apiserver: true,
  // The apiserver answers 400 BadRequest with the decoder's text and no field-error type; crdlint files it as an invalid value.
  type: "Invalid value",
  description:
    'A CRD field holds a value of the wrong JSON type (`served: "yes"`, `exclusiveMaximum: 5`, `required: true`, ' +
    '`maxLength: "10"`).',
  phase: "crd",
  docs: {
    why:
      "Every field of the CRD has a Go type: `served`, `exclusiveMaximum`, `nullable` and the `x-kubernetes-*` flags " +
      "are booleans (in this OpenAPI v3 dialect `exclusiveMaximum: true` qualifies `maximum`; it is not a number), " +
      "`required` is a list of property names, `maxLength` and friends are integers, `additionalProperties` is a " +
      "boolean or a schema. A value of another JSON type makes decoding fail and the whole request is refused with " +
      '`CustomResourceDefinition in version "v1" cannot be handled as a CustomResourceDefinition: json: cannot ' +
      "unmarshal string into Go struct field CustomResourceDefinitionVersion.spec.versions.served of type bool` — " +
      "whatever the field validation mode. The apiserver reports only the first such error; crdlint reports them " +
      "all. Because the request never reaches validation, none of the other errors crdlint shows for this CRD would " +
      "appear on a real server until this one is fixed (crdlint still shows them, so you can fix everything in one " +
      "pass). JSON null is accepted everywhere (it leaves the field unset). The error type printed by crdlint is " +
      "`Invalid value`; the apiserver's own response is a 400 BadRequest without a field-error type.",
    fix:
      'Write the value with the field\'s type: `served: true` (not `"yes"`), `exclusiveMaximum: true` together with ' +
      "`maximum: 5` (not `exclusiveMaximum: 5`), `required: [name]` on the parent object (not `required: true` on " +
      "the property), `maxLength: 10` (unquoted).",
    upstream:
      "kubernetes/apimachinery:pkg/runtime/serializer/json/json.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/types_jsonschema.go, marshal.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    replicas:\n      type: integer\n      exclusiveMaximum: 5\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    replicas:\n      type: integer\n      maximum: 5\n      exclusiveMaximum: true\n",
  },
  check(ctx) {
    reportIssues(ctx, "type-mismatch", true);
  },
});
