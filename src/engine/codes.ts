/**
 * The rule ids the engine itself emits (files it skips or cannot read, directives, internal failures): each is a
 * registered engine rule (test/engine/codes.test.mjs), so that a misspelt id is a compile error here and a test
 * failure there, not a diagnostic of an unknown rule.
 */
export const ENGINE_CODES = [
  "file-ignored",
  "size-file-too-large",
  "yaml-go-template",
  "kustomize-patch",
  "kustomization-file",
  "schema-not-checked",
  "internal-error",
  "disable-directive-unknown-rule",
  "disable-directive-unused",
  "crd-rejected-in-claimed-range",
] as const;

export type EngineCode = (typeof ENGINE_CODES)[number];
