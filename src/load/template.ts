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
 * A Helm action for certain: Helm's built-in objects (`.Values`, `.Release`, `.Chart`, `.Capabilities`, `.Files`,
 * `.Template`, also from `$`) or a function only Helm charts call. No CRD's text mentions these outside a chart.
 */
const HELM_ACTION =
  /\{\{-?[^}]*?(?:\$?\.(?:Values|Release|Chart|Capabilities|Files|Template)\b|\b(?:include|tpl|toYaml|toJson|nindent|indent|required|lookup)\b)/;
/** A YAML comment starts before this point of the line: an action there is text of the comment. */
const COMMENT_BEFORE = /(?:^|\s)#/;
/** Where a YAML node starts: at the line's start, after `- `, or after `key: ` (not inside a quoted key or value). */
const NODE_START = /^\s*(?:-\s+)*(?:[^\s#'"{][^#'"{]*?:\s+(?:-\s+)*)?$/;
/** A block scalar header: `key: |`, `- >-`, `key: |2+ # comment`. */
const BLOCK_HEADER = /(?:^\s*-|:)\s+[|>][1-9+-]{0,2}\s*(?:#.*)?$/;

/** The 0-based numbers of the lines that are the content of a block scalar (`description: |` and what follows). */
function blockScalarLines(lines: readonly string[]): Set<number> {
  const inside = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i]!;
    if (!BLOCK_HEADER.test(header)) continue;
    // The content is indented more than the node that holds the scalar: the dash of `- |`, else the key.
    const dash = /^(\s*)-\s+[|>]/.exec(header);
    const parent = dash ? dash[1]!.length : /^\s*(?:-\s+)*/.exec(header)![0].length;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim() !== "" && l.length - l.trimStart().length <= parent) break;
      inside.add(j);
    }
    i = j - 1;
  }
  return inside;
}

/** Every string in a parsed value (keys and values), for telling text that mentions an action from an action. */
function stringsOf(value: unknown, out: string[]): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out);
    }
  return out;
}

export interface TemplateContext {
  /** The file is in a Helm chart's `templates/` directory: Helm renders every file there, so any `{{` is an action. */
  chartTemplate?: boolean;
  /** The parsed documents' values (an action whose text a string holds is text, not an action). */
  values?: readonly unknown[];
}

/**
 * Where the first Go template action of `text` is (1-based line and column), when `text` is a template; null
 * otherwise. `problems` are the loader's findings on `text` (their lines count in `text`). A file is a template when
 * an action (outside a block scalar and a comment) sits where the YAML reader fails, starts a YAML node (`{{ if }}`,
 * a template comment, `{{- include }}` on a line of their own, `key: {{ .x }}`: YAML would read a map with a map as key),
 * is written as a quoted value (`name: "{{ .Release.Name }}"`), or names Helm's objects or functions
 * (`widgets.{{ .Values.group }}`); in a chart's `templates/`, any `{{` does.
 */
export function goTemplateAction(
  text: string,
  problems: readonly { range: SourceRange }[],
  context: TemplateContext = {},
): { line: number; column: number } | null {
  if (!text.includes("{{")) return null;
  const lines = text.split("\n");
  if (context.chartTemplate) {
    const i = lines.findIndex((l) => l.includes("{{"));
    return { line: i + 1, column: lines[i]!.indexOf("{{") + 1 };
  }
  const block = blockScalarLines(lines);
  let first: { line: number; column: number } | null = null;
  const actionLines = new Set<number>();
  let template = false;
  let strings: string[] | null = null;
  const inAString = (action: string): boolean =>
    (strings ??= stringsOf(context.values ?? [], [])).some((s) => s.includes(action));
  // One global regexp for the text (matchAll copies it per line); only the lines with a `{{` can have an action.
  const actions = new RegExp(ACTION.source, "g");
  lines.forEach((l, i) => {
    if ((template && first) || !l.includes("{{")) return;
    for (const m of l.matchAll(actions)) {
      const before = l.slice(0, m.index);
      if (block.has(i) || COMMENT_BEFORE.test(before)) continue;
      actionLines.add(i + 1);
      first ??= { line: i + 1, column: m.index + 1 };
      const end = l.indexOf("}}", m.index);
      const action = end < 0 ? l.slice(m.index) : l.slice(m.index, end + 2);
      if (QUOTED_ACTION.test(l) || HELM_ACTION.test(action) || (NODE_START.test(before) && !inAString(action))) {
        template = true;
        return;
      }
    }
  });
  if (!first) return null;
  if (template) return first;
  for (const p of problems)
    for (let line = p.range.start.line; line <= p.range.end.line; line++) if (actionLines.has(line)) return first;
  return null;
}

/** What to run instead, said in the info. */
export const RENDER_HINT = "render it and lint the output, e.g. `helm template . | crdlint lint -`";
