/** The yaml rules (emitted by the loader and the engine), in id order. */
import type { Rule } from "../define-rule.js";
import internalError from "./internal-error.js";
import yamlAliasLimit from "./yaml-alias-limit.js";
import yamlBooleanKey from "./yaml-boolean-key.js";
import yamlDuplicateKey from "./yaml-duplicate-key.js";
import yamlNotJson from "./yaml-not-json.js";
import yamlSyntax from "./yaml-syntax.js";

export default [internalError, yamlAliasLimit, yamlBooleanKey, yamlDuplicateKey, yamlNotJson, yamlSyntax] satisfies Rule[] as Rule[];
