/** A version became deprecated, or its deprecationWarning changed: clients get a warning on every request. */
import { defineRevisionRule, nameField } from "./common.js";
import { defaultDeprecationWarning } from "../../k8s/version.js";

export default defineRevisionRule({
  id: "revision-version-deprecated",
  severity: "info",
  description:
    "A version became deprecated, or its deprecationWarning changed: every request to it returns a warning (B11).",
  messages: {
    deprecated: 'version {{version}} becomes deprecated: every request to it returns the warning "{{warning}}"',
    warningChanged: 'the deprecationWarning of {{version}} changes to "{{warning}}"',
    undeprecated: "version {{version}} is no longer deprecated",
  },
  docs: {
    why:
      "Deprecation is the documented first step before unserving a version: kubectl and client-go print the warning " +
      "on every request, which tells users to move.",
    fix: "Nothing to fix: announce the version that replaces it in the warning.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (deprecation warning headers)",
    fail: "old: {}\nnew:\n  versions:\n  - {name: v1, served: true, storage: true, deprecated: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "old: {}\nnew: {}\n",
  },
  checkRevision(ctx) {
    for (const p of ctx.versions) {
      if (!p.old || !p.new) continue;
      const was = p.old.raw.deprecated === true;
      const is = p.new.raw.deprecated === true;
      // The apiserver's default warning when deprecationWarning is unset.
      const warning =
        typeof p.new.raw.deprecationWarning === "string"
          ? p.new.raw.deprecationWarning
          : defaultDeprecationWarning(
              ctx.crd.group,
              nameField(ctx.crd, "kind"),
              p.name,
              ctx.crd.versions.map((v) => ({
                name: v.name,
                served: v.raw.served === true,
                deprecated: v.raw.deprecated === true,
              })),
            );
      if (!was && is)
        ctx.report({
          path: p.new.path.child("deprecated"),
          effect: "behaviour-changed",
          messageId: "deprecated",
          data: { version: p.name, warning },
          version: p.name,
        });
      else if (was && !is)
        ctx.report({
          path: p.new.path.child("name"),
          effect: "behaviour-changed",
          messageId: "undeprecated",
          data: { version: p.name },
          version: p.name,
        });
      else if (was && is && p.old.raw.deprecationWarning !== p.new.raw.deprecationWarning)
        ctx.report({
          path: p.new.path.child("deprecationWarning"),
          effect: "behaviour-changed",
          messageId: "warningChanged",
          data: { version: p.name, warning },
          version: p.name,
        });
    }
  },
});
