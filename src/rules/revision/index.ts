/** The revision rules (OLD → NEW of one CRD), in id order. */
import type { Rule } from "../define-rule.js";
import revisionCrdAdded from "./revision-crd-added.js";
import revisionCrdRemoved from "./revision-crd-removed.js";
import schemaRules from "./schema-rules.js";
import revisionStoredVersionRemoved from "./revision-stored-version-removed.js";

// The schema-level rules (B21–B43) live in their own list; the whole list is in id order.
const rules: Rule[] = [revisionCrdAdded, revisionCrdRemoved, revisionStoredVersionRemoved, ...schemaRules].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export default rules;
