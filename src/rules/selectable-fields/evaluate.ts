/**
 * The apiserver's validation of selectableFields, computed once per CRD and shared by the selectable-fields rules:
 * where the list sits after hoisting, whether a schema is there to resolve it against, and each entry's outcome.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go
//   (validateCustomResourceDefinitionVersion, validateCustomResourceDefinitionSpec, ValidateCustomResourceSelectableFields)
import { isObject, type CrdView, type JsonObject } from "../../crd/model.js";
import { structuralConversionError, validFieldPath } from "../../crd/field-path.js";
import type { ErrorType } from "../../diagnostics/index.js";
import { DualPath, FieldPath } from "../../k8s/path.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS, enabledByDefault, releaseHas } from "../../k8s/releases.js";
import type { MessageData, RuleContext } from "../define-rule.js";
import { MemoKey } from "../../crd/memo.js";

export type SelectableRuleId =
  | "selectable-field-jsonpath-required"
  | "selectable-field-jsonpath-invalid"
  | "selectable-field-metadata"
  | "selectable-field-type"
  | "selectable-field-duplicate"
  | "selectable-fields-too-many"
  | "selectable-fields-without-schema";

export interface SelectableFinding {
  rule: SelectableRuleId;
  path: DualPath;
  /** The list's key for allowTooManySelectableFields: "" for the top-level list, else its version's name. */
  scopeKey?: string;
  /** The rule's messageId and its data; or `message`, a text another component computed whole (the structural conversion's error). */
  messageId?: string;
  data?: MessageData;
  message?: string;
  type?: ErrorType;
  value?: unknown;
}

export const MAX_SELECTABLE_FIELDS = 8;

/** The schema a selectableFields list is resolved against: an object, or null for a nil structural schema. */
type SchemaForFields =
  { kind: "none" } | { kind: "skip" } | { kind: "schema"; root: JsonObject | null; path: DualPath };

function evaluate(crd: CrdView, minor: number): SelectableFinding[] {
  const out: SelectableFinding[] = [];
  const sf = crd.selectableFields;
  for (const scope of sf.scopes) {
    const list = scope.value;
    if (!Array.isArray(list) || list.length === 0) continue;

    let target: SchemaForFields;
    const first = scope.versions[0]!;
    if (sf.hoisted) {
      // spec.selectableFields: needs spec.validation, i.e. a schema identical in every version.
      if (!crd.schemaHoisted) target = { kind: "none" };
      else {
        const s = first.raw.schema;
        const root = isObject(s) ? s.openAPIV3Schema : undefined;
        const path = new DualPath(
          first.path.written.child("schema", "openAPIV3Schema"),
          FieldPath.root("spec", "schema", "openAPIV3Schema"),
        );
        if (root === undefined || root === null) target = { kind: "schema", root: null, path };
        else if (isObject(root)) target = { kind: "schema", root, path };
        else target = { kind: "skip" };
      }
    } else {
      // spec.versions[i].selectableFields: needs this version's own schema, which hoisting removes when all
      // versions share one.
      const s = first.raw.schema;
      const root = isObject(s) ? s.openAPIV3Schema : undefined;
      if (crd.schemaHoisted || root === undefined || root === null) target = { kind: "none" };
      else if (isObject(root)) target = { kind: "schema", root, path: first.path.child("schema", "openAPIV3Schema") };
      else target = { kind: "skip" };
    }

    if (target.kind === "skip") continue;
    if (target.kind === "none") {
      // The apiserver reworded both texts in 1.34.
      const old = !releaseHas(minor, "selectableFieldsWithoutSchemaReworded");
      out.push({
        rule: "selectable-fields-without-schema",
        path: scope.path,
        messageId: sf.hoisted
          ? old
            ? "topLevelWithoutSchemaBefore134"
            : "topLevelWithoutSchema"
          : old
            ? "versionWithoutSchemaBefore134"
            : "versionWithoutSchema",
        value: "",
      });
      continue;
    }

    let schema = target.root;
    if (schema !== null) {
      const err = structuralConversionError(schema);
      if (err !== null) {
        out.push({ rule: "selectable-fields-without-schema", path: target.path, message: err, value: "" });
        schema = null;
      }
    }

    const unique = new Set<string>();
    let crashed = false;
    for (let k = 0; k < list.length; k++) {
      const entry: unknown = list[k];
      if (!isObject(entry)) continue;
      const raw = entry.jsonPath;
      if (raw !== undefined && raw !== null && typeof raw !== "string") continue;
      const jsonPath = typeof raw === "string" ? raw : "";
      const path = scope.path.index(k).child("jsonPath");
      if (jsonPath === "") {
        out.push({ rule: "selectable-field-jsonpath-required", path, messageId: "required" });
        continue;
      }
      const r = validFieldPath(jsonPath, schema, { allowArrayNotation: false });
      if (!r.ok) {
        // Divergence: where the apiserver dereferences a nil structural schema it panics and the request fails
        // with an internal error; crdlint stops checking this list (other errors of the CRD still show).
        if (r.nilDereference) {
          crashed = true;
          break;
        }
        out.push({
          rule: "selectable-field-jsonpath-invalid",
          path,
          messageId: "invalidPath",
          data: { error: r.error },
          value: jsonPath,
        });
        continue;
      }
      const root = r.path.segments[0];
      if (root && root.kind === "field" && root.name === "metadata")
        out.push({ rule: "selectable-field-metadata", path, messageId: "inMetadata", value: jsonPath });
      const t = r.schema?.type;
      if (!(t === "string" || t === "boolean" || t === "integer"))
        out.push({ rule: "selectable-field-type", path, messageId: "wrongType", value: jsonPath });
      const key = r.path.toString();
      if (unique.has(key))
        out.push({ rule: "selectable-field-duplicate", path, messageId: "duplicate", value: jsonPath });
      else unique.add(key);
    }
    if (!crashed && unique.size > MAX_SELECTABLE_FIELDS)
      out.push({
        rule: "selectable-fields-too-many",
        path: scope.path,
        scopeKey: sf.hoisted ? "" : (scope.versions[0]?.name ?? ""),
        messageId: "tooMany",
        data: { max: MAX_SELECTABLE_FIELDS },
        value: unique.size,
      });
  }
  return out;
}

const MEMO_KEY = new MemoKey<SelectableFinding[]>("selectable-fields:findings");

/** The findings for this CRD (computed on first use, then shared through the per-CRD memo). */
export function selectableFieldFindings(ctx: RuleContext): SelectableFinding[] {
  let f = ctx.memo.get(MEMO_KEY);
  if (!f) {
    f = evaluate(ctx.crd, ctx.minor);
    ctx.memo.set(MEMO_KEY, f);
  }
  return f;
}

/** Reports this rule's share of the findings. */
/** What the selectable-fields rules' docs say of 1.30, where the gate is off by default. */
export const KEPT_ON_UPDATE =
  " At 1.30, where the CustomResourceFieldSelectors gate is off by default, the apiserver drops selectableFields " +
  "on create and checks them only on an update of a CRD that already has some (dropDisabledFields keeps them then).";

/** The apiserver checks selectableFields: the gate is on, or an update keeps them because OLD has some. */
function checked(ctx: RuleContext): boolean {
  return enabledByDefault(CUSTOM_RESOURCE_FIELD_SELECTORS, ctx.minor) || ctx.update?.oldHasSelectableFields === true;
}

export function reportSelectable(ctx: RuleContext, rule: SelectableRuleId): void {
  if (!checked(ctx)) return;
  for (const f of selectableFieldFindings(ctx)) {
    if (f.rule !== rule) continue;
    // allowTooManySelectableFields (from 1.35): an update may keep an over-long list OLD already had, unchanged.
    if (
      f.scopeKey !== undefined &&
      releaseHas(ctx.minor, "tooManySelectableFieldsKept") &&
      ctx.update?.allowTooManySelectableFields(f.scopeKey)
    )
      continue;
    const text = f.messageId !== undefined ? { messageId: f.messageId, data: f.data } : { message: f.message };
    ctx.report({ path: f.path, ...text, ...(f.value !== undefined ? { value: f.value } : {}) });
  }
}
