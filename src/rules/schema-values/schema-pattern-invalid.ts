/** A pattern Go's RE2 regexp package does not compile. */
import { defineRule } from "../define-rule.js";
import { isValidatedByStructural } from "../../crd/structural.js";
import { deferReport, flushDeferred, observeNode } from "../structural-phase.js";

export default defineRule({
  id: "schema-pattern-invalid",
  category: "schema-values",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A pattern is not a valid Go (RE2) regular expression.",
  // Checked by ValidateStructural's value-validation pass: part of the NonStructuralSchema block.
  phase: "structural",
  messages: {
    mustBeAValidRegular: "must be a valid regular expression, but isn't: {{err}}",
  },
  docs: {
    why:
      "The apiserver compiles every `pattern` with Go's regexp package (RE2 syntax), on the structural part and " +
      "inside allOf/anyOf/oneOf/not. Look-around (`(?=`, `(?!`, `(?<=`, `(?<!`), backreferences (`\\1`), possessive " +
      "quantifiers (`a++`), `\\Z`, `\\G` and similar Perl/PCRE/JavaScript syntax are rejected with Go's parser " +
      "error. The error belongs to the structural checks, so the defaults and CEL rules of the schema are not " +
      "validated until it is fixed.",
    fix:
      "Rewrite the pattern in RE2 syntax (see https://github.com/google/re2/wiki/Syntax). A negative look-ahead such " +
      "as `^(?!kube-)` can usually become a CEL rule: `!self.startsWith('kube-')`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: 'openAPIV3Schema: {type: object, properties: {a: {type: string, pattern: "^(?!kube-).*$"}}}\n',
    pass: 'openAPIV3Schema: {type: object, properties: {a: {type: string, pattern: "^[a-z][-a-z0-9]*$"}}}\n',
  },
  visitKeys: ["pattern"],
  visitNode(node, ctx) {
    const p = node.schema.pattern;
    if (typeof p !== "string" || p === "" || !isValidatedByStructural(observeNode(node, ctx), node)) return;
    const err = ctx.services.regexSyntax.error(p);
    if (err === null) return;
    deferReport(ctx, { path: node.path.child("pattern"), messageId: "mustBeAValidRegular", data: { err }, value: p });
  },
  checkSchema(ctx) {
    flushDeferred(ctx);
  },
});
