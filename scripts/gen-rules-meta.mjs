// Build step: writes dist/rules-meta.json from the rule registry, so `crdlint rules` loads no rule code.
import { writeFileSync } from "node:fs";
import { allRules } from "../dist/rules/index.js";
import { ruleMetaRow } from "../dist/report/rule-docs.js";

writeFileSync(
  new URL("../dist/rules-meta.json", import.meta.url),
  JSON.stringify(allRules.map(ruleMetaRow), null, 2) + "\n",
);
