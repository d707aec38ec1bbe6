/**
 * The `x-kubernetes-validations` entries of one schema node, decoded once per node for every static check:
 * strings as Go sees them (absent = ""), Go's TrimSpace and newline test, and the apiserver's first-match
 * order of the rule/message checks.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go
import { isObject, type JsonObject } from "./model.js";
import type { SchemaNode } from "./schema.js";
import { MemoKey, type Memo } from "./memo.js";
import { VALIDATIONS } from "./structural.js";
import type { DualPath } from "../k8s/path.js";
import { GoStruct, goJson } from "../k8s/go.js";
import { goQuote, RenderedValue } from "../k8s/validation.js";
import { releaseHas } from "../k8s/releases.js";

export interface ValidationEntry {
  index: number;
  raw: JsonObject;
  /** `<node>.x-kubernetes-validations[i]`. */
  path: DualPath;
  rule: string;
  message: string;
  messageExpression: string;
  /** undefined when absent (a nil *string). */
  reason: string | undefined;
  fieldPath: string;
  /** undefined when absent (a nil *bool). */
  optionalOldSelf: boolean | undefined;
}

const ENTRIES = new MemoKey<readonly ValidationEntry[]>("validation-entries");
const NONE: readonly ValidationEntry[] = [];

/**
 * The node's entries. An entry whose fields have the wrong JSON type is left out: the request would not
 * decode, and the decoding rules report it.
 */
export function validationEntries(node: SchemaNode, memo: Memo): readonly ValidationEntry[] {
  const list = node.schema[VALIDATIONS];
  if (!Array.isArray(list) || list.length === 0) return NONE;
  let entries = memo.getFor(ENTRIES, node);
  if (entries) return entries;
  const out: ValidationEntry[] = [];
  const base = node.path.child(VALIDATIONS);
  list.forEach((raw, index) => {
    if (!isObject(raw)) return;
    const rule = str(raw.rule);
    const message = str(raw.message);
    const messageExpression = str(raw.messageExpression);
    const fieldPath = str(raw.fieldPath);
    const reason = raw.reason === undefined || raw.reason === null ? undefined : str(raw.reason);
    const oos = raw.optionalOldSelf;
    if (rule === null || message === null || messageExpression === null || fieldPath === null || reason === null)
      return;
    if (oos !== undefined && oos !== null && typeof oos !== "boolean") return;
    out.push({
      index,
      raw,
      path: base.index(index),
      rule,
      message,
      messageExpression,
      reason,
      fieldPath,
      optionalOldSelf: typeof oos === "boolean" ? oos : undefined,
    });
  });
  entries = out;
  memo.setFor(ENTRIES, node, entries);
  return entries;
}

/**
 * The entry as a field error's value prints it: json.Marshal of the internal apiextensions.ValidationRule, which has
 * no json tags (Go field names, every field, nil pointers as null), e.g. {"Rule":"self.a","Message":"",...}.
 */
export function renderedValidationRule(e: ValidationEntry, minor = Infinity): RenderedValue {
  // Up to 1.33 a field error prints a struct with %#v (done from 1.30, where ValidationRule has these six fields and
  // which the oracle checks at 1.33); its pointer fields print as addresses unless nil, which
  // cannot be reproduced (the JSON form is kept then).
  // Upstream: kubernetes/apimachinery:pkg/util/validation/field/errors.go (Error.ErrorBody, v0.33)
  if (
    releaseHas(minor, "validationRuleSixFields") &&
    !releaseHas(minor, "fieldValueRendered") &&
    (e.reason === undefined || e.reason === null) &&
    (e.optionalOldSelf === undefined || e.optionalOldSelf === null)
  )
    return new RenderedValue(
      `apiextensions.ValidationRule{Rule:${goQuote(e.rule)}, Message:${goQuote(e.message)}, MessageExpression:${goQuote(e.messageExpression)}, ` +
        `Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:${goQuote(e.fieldPath)}, OptionalOldSelf:(*bool)(nil)}`,
    );
  return new RenderedValue(
    goJson(
      new GoStruct([
        ["Rule", e.rule],
        ["Message", e.message],
        ["MessageExpression", e.messageExpression],
        ["Reason", e.reason ?? null],
        ["FieldPath", e.fieldPath],
        ["OptionalOldSelf", e.optionalOldSelf ?? null],
      ]),
    ),
  );
}

/** A Go string field: "" when absent or null, null when not a string (undecodable). */
function str(v: unknown): string | null {
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : null;
}

// unicode.IsSpace: the ASCII spaces, NEL, NBSP and the Unicode White_Space characters (not U+FEFF, unlike String.trim).
const GO_SPACE = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const goTrimRe = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, "g");

/** strings.TrimSpace. */
export function goTrimSpace(s: string): string {
  return s.replace(goTrimRe, "");
}

/** The apiserver's newline test: `[\n\r]+` anywhere. */
/**
 * The detail of an error on a validation rule's `message` or `fieldPath`: from 1.34 without the field's name in front
 * (the path names it), before with it ("fieldPath must be a valid path").
 */
export function validationRuleFieldDetail(field: "message" | "fieldPath", detail: string, minor: number): string {
  return releaseHas(minor, "validationRuleMessagesUnprefixed") ? detail : `${field} ${detail}`;
}

export function hasNewlines(s: string): boolean {
  return s.includes("\n") || s.includes("\r");
}

export type RuleMessageProblem = "rule-required" | "message-blank" | "message-newline" | "multiline-rule-needs-message";

/** The rule/message checks form one if/else chain upstream: at most one of them fires per entry. */
export function ruleMessageProblem(e: ValidationEntry): RuleMessageProblem | null {
  const rule = goTrimSpace(e.rule);
  if (rule.length === 0) return "rule-required";
  const message = goTrimSpace(e.message);
  if (e.message.length > 0 && message.length === 0) return "message-blank";
  if (hasNewlines(message)) return "message-newline";
  if (hasNewlines(rule) && message.length === 0) return "multiline-rule-needs-message";
  return null;
}
