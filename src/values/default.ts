/**
 * What the apiserver does to a custom resource between pruning and validation, in place on the caller's copy:
 * non-nullable nulls without a default are removed, then schema defaults are applied top-down.
 *
 * Both walk `properties` first and fall back to `additionalProperties`; list items use `items`. A `null` in a
 * nullable property stays; a `null` in a non-nullable property with a default gets the default (a deep copy, itself
 * defaulted further because the walk descends into what it just set).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/prunenulls.go (PruneNonNullableNullsWithoutDefaults)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/algorithm.go (Default)
import { deepCopy, hasOwn, isPlainObject } from "../k8s/go.js";

type Schema = Record<string, unknown>;

function propertySchema(s: Schema, k: string): Schema | null {
  const props = s.properties;
  if (isPlainObject(props) && hasOwn(props, k)) return isPlainObject(props[k]) ? (props[k] as Schema) : {};
  return null;
}

function fieldSchema(s: Schema | null, k: string): Schema | null {
  if (s === null) return null;
  const p = propertySchema(s, k);
  if (p !== null) return p;
  return isPlainObject(s.additionalProperties) ? s.additionalProperties : null;
}

const hasDefault = (s: Schema): boolean => s.default !== undefined && s.default !== null;
const nonNullableNull = (v: unknown, s: Schema | null): boolean =>
  (v === null || v === undefined) && s !== null && s.nullable !== true;

/** PruneNonNullableNullsWithoutDefaults. */
export function pruneNulls(x: unknown, s: Schema | null): void {
  if (isPlainObject(x)) {
    for (const k of Object.keys(x)) {
      const sub = fieldSchema(s, k);
      if (sub !== null && nonNullableNull(x[k], sub) && !hasDefault(sub)) delete x[k];
      else pruneNulls(x[k], sub);
    }
  } else if (Array.isArray(x)) {
    const items = s !== null && isPlainObject(s.items) ? s.items : null;
    for (const v of x) pruneNulls(v, items);
  }
}

/** structuraldefaulting.Default. */
export function applyDefaults(x: unknown, s: Schema | null): void {
  if (s === null) return;
  if (isPlainObject(x)) {
    const props = isPlainObject(s.properties) ? s.properties : null;
    if (props)
      for (const k of Object.keys(props)) {
        const prop = props[k];
        if (!isPlainObject(prop) || !hasDefault(prop)) continue;
        if (!hasOwn(x, k) || nonNullableNull(x[k], prop)) x[k] = deepCopy(prop.default);
      }
    const addl = isPlainObject(s.additionalProperties) ? s.additionalProperties : null;
    for (const k of Object.keys(x)) {
      const prop = props && hasOwn(props, k) && isPlainObject(props[k]) ? (props[k] as Schema) : null;
      if (prop) applyDefaults(x[k], prop);
      else if (addl) {
        if (nonNullableNull(x[k], addl) && hasDefault(addl)) x[k] = deepCopy(addl.default);
        applyDefaults(x[k], addl);
      }
    }
  } else if (Array.isArray(x)) {
    const items = isPlainObject(s.items) ? s.items : null;
    if (!items) return;
    for (let i = 0; i < x.length; i++) {
      if (nonNullableNull(x[i], items) && hasDefault(items)) x[i] = deepCopy(items.default);
      applyDefaults(x[i], items);
    }
  }
}
