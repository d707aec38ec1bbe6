/**
 * Go templates (Helm charts' `templates/`, and any file rendered by text/template) are not YAML until rendered:
 * `{{- if .Values.crds.enabled }}` is a syntax error and `name: {{ .Release.Name }}` a flow map used as a key. Such
 * a file is recognised here so that every command skips it with one info (yaml-go-template) that says how to lint it,
 * instead of reporting the template syntax as broken YAML.
 *
 * A CRD may also mention template syntax in its text (Cluster API's descriptions say "fallback to
 * `{{ .cluster.name }}-{{ .random }}`"): a file counts as a template only when an action sits where the YAML reader
 * fails, or where a value is written as a quoted action (`name: "{{ .Release.Name }}"`). A file whose actions are all
 * inside text that reads as YAML is linted as YAML.
 */
import type { SourceRange } from "../diagnostics/index.js";

/**
 * The start of a Go template action as charts write them: `{{` (with `-` trimming) then a field or variable (`.x`,
 * `$x`), a parenthesis, a comment, or a text/template keyword or common Helm function. Argo-style `{{inputs.x}}`
 * placeholders (which Argo's own CRDs and CEL rules quote) are not Go template actions.
 */
const ACTION =
  /\{\{-?\s*(?:[.$(]|\/\*|(?:if|else|end|range|with|define|template|include|block|break|continue|toYaml|toJson|tpl|printf|print|default|required|quote|squote|lookup|not|and|or|eq|ne|len|index|nindent|indent)\b)/;
/** A value written as a quoted action: `key: "{{ ... }}..."` or `- '{{ ... }}...'`. */
const QUOTED_ACTION = /(?:^\s*-|:)\s+["']\{\{/;

/**
 * Where the first Go template action of `text` is (1-based line and column), when `text` is a template by the rule
 * above; null otherwise. `problems` are the loader's findings on `text` (their lines count in `text`).
 */
export function goTemplateAction(text: string, problems: readonly { range: SourceRange }[]): { line: number; column: number } | null {
  if (!text.includes("{{")) return null;
  const lines = text.split("\n");
  let first: { line: number; column: number } | null = null;
  const actionLines = new Set<number>();
  let quoted = false;
  lines.forEach((l, i) => {
    const m = ACTION.exec(l);
    if (!m) return;
    actionLines.add(i + 1);
    if (!first) first = { line: i + 1, column: m.index + 1 };
    if (QUOTED_ACTION.test(l)) quoted = true;
  });
  if (!first) return null;
  if (quoted) return first;
  for (const p of problems) for (let line = p.range.start.line; line <= p.range.end.line; line++) if (actionLines.has(line)) return first;
  return null;
}

/** What to run instead, said in the info. */
export const RENDER_HINT = "render it and lint the output, e.g. `helm template . | crdlint lint -`";
