/** x-kubernetes-int-or-string toggled (B38): works like a type change. */
import { changeReport, failText, ratchets, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-int-or-string-changed",
  severity: "error",
  description:
    "x-kubernetes-int-or-string was turned off (values of one kind become invalid) or on (clients meet both kinds) " +
    "(B38).",
  messages: {
    off:
      "x-kubernetes-int-or-string removed from {{field}} ({{versions}}): it takes only {{type}} values now; " +
      "{{fail}}; CEL rules that use it see another type",
    on:
      "{{field}} ({{versions}}) became x-kubernetes-int-or-string: clients that assume one kind meet integers and " +
      "strings, and CEL rules that use it see another type",
  },
  docs: {
    why:
      "x-kubernetes-int-or-string lets a field hold an integer or a string (like a port name or number). Turning it " +
      "off works like a type change: stored values of the other kind fail their next create and any update that " +
      "changes them (ratcheting lets unchanged values pass), and the CEL type of the field changes, so rules may " +
      "stop compiling (the apiserver rejects that, A14). Turning it on loosens validation but changes what clients " +
      "read.",
    fix: "Keep the field int-or-string, or add a new field with one type.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go; " +
      "kubernetes/apiserver:pkg/cel/common/schemas.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {x-kubernetes-int-or-string: true}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {type: integer}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {x-kubernetes-int-or-string: true}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {x-kubernetes-int-or-string: true, description: A port.}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "int-or-string-changed")) {
      if (c.after === true) ctx.report(changeReport(c, "clients-break", { messageId: "on", data: {} }));
      else {
        const t = typeof c.newNode!.type === "string" && c.newNode!.type !== "" ? c.newNode!.type : "untyped";
        ctx.report(
          changeReport(c, "objects-fail", { messageId: "off", data: { type: t, fail: failText(ratchets(c)) } }),
        );
      }
    }
  },
});
