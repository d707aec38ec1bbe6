/** The yaml rules (emitted by the loader and the engine), in id order. */
import type { Rule } from "../define-rule.js";
import disableDirectiveUnknownRule from "./disable-directive-unknown-rule.js";
import disableDirectiveUnused from "./disable-directive-unused.js";
import fileIgnored from "./file-ignored.js";
import internalError from "./internal-error.js";
import kustomizationFile from "./kustomization-file.js";
import kustomizePatch from "./kustomize-patch.js";
import yamlAliasLimit from "./yaml-alias-limit.js";
import yamlBooleanKey from "./yaml-boolean-key.js";
import yamlDuplicateKey from "./yaml-duplicate-key.js";
import yamlGoTemplate from "./yaml-go-template.js";
import yamlNotJson from "./yaml-not-json.js";
import yamlSyntax from "./yaml-syntax.js";

export default [
  disableDirectiveUnknownRule,
  disableDirectiveUnused,
  fileIgnored,
  internalError,
  kustomizationFile,
  kustomizePatch,
  yamlAliasLimit,
  yamlBooleanKey,
  yamlDuplicateKey,
  yamlGoTemplate,
  yamlNotJson,
  yamlSyntax,
] satisfies Rule[] as Rule[];
