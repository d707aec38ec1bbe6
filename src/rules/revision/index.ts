/** The revision rules (OLD → NEW of one CRD), in id order. */
import type { Rule } from "../define-rule.js";
import revisionCrdAdded from "./revision-crd-added.js";
import revisionCrdRemoved from "./revision-crd-removed.js";
import revisionStoredVersionRemoved from "./revision-stored-version-removed.js";

const rules: Rule[] = [revisionCrdAdded, revisionCrdRemoved, revisionStoredVersionRemoved];

export default rules;
