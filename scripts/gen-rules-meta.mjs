// Build step: writes dist/rules-meta.json from the rule registry, so `crdlint rules` loads no rule code.
import { writeFileSync } from "node:fs";
import { allRules } from "../dist/rules/index.js";
import { ruleDocsUrl } from "../dist/report/rule-docs.js";

const rows = allRules.map(({ id, category, severity, apiserver, type, description, enabledByDefault, minMinor, maxMinor, docs }) => ({
  id,
  category,
  severity,
  apiserver,
  type,
  description,
  enabledByDefault: enabledByDefault !== false,
  ...(minMinor !== undefined ? { minMinor } : {}),
  ...(maxMinor !== undefined ? { maxMinor } : {}),
  url: ruleDocsUrl(id),
  docs,
}));
writeFileSync(new URL("../dist/rules-meta.json", import.meta.url), JSON.stringify(rows, null, 2) + "\n");
