/**
 * The objects of a manifest stream, as kubectl reads them: a document is one object, except a list, whose items are
 * the objects (`kubectl get crd -o yaml` prints `apiVersion: v1, kind: List, items: [...]`). lint, cost, validate and
 * diff all read objects through objectsOf, so that they agree on what a file holds.
 *
 * What is a list follows kubectl, not the kind's name: the unstructured decoder kubectl's resource builder uses
 * (apimachinery unstructuredJSONScheme.decode) makes an UnstructuredList of any object that has an `items` field, and
 * the builder's FlattenListVisitor (cli-runtime, used by apply, create, replace) replaces a list with its items,
 * nested lists included. An item that sets neither `kind` nor `apiVersion` gets the list's apiVersion and the
 * list's kind without its `List` suffix (decodeToList: the apiserver leaves them out of typed lists' items).
 */
// Upstream: kubernetes/apimachinery:pkg/apis/meta/v1/unstructured/helpers.go (decode, decodeToList),
// kubernetes/cli-runtime:pkg/resource/visitor.go (FlattenListVisitor)
import { isPlainObject } from "../k8s/go.js";
import type { LoadedDocument } from "./document.js";

export interface StreamObject {
  /** The object (an item that inherits its kind and apiVersion from its list is a copy with them set). */
  value: Record<string, unknown>;
  /** The object as a document: paths in `locate` are the object's own, positions are in the file. */
  document: LoadedDocument;
  /** Where the object sits in its YAML document: [] for the document itself, ["items", 2] for a list's item. */
  prefix: (string | number)[];
  /** The object is an item of a list. */
  inList: boolean;
}

/** A document, or a list item, that is not an object (a scalar, a sequence): kubectl cannot decode it. */
export interface NotAnObject {
  value: unknown;
  /** The YAML document it is in (paths from its root: prefix them). */
  document: LoadedDocument;
  prefix: (string | number)[];
}

/** A list for kubectl: an object with an `items` field (null reads as no items; anything but an array is not read as items). */
export function isListObject(v: unknown): v is Record<string, unknown> & { items: unknown[] | null } {
  return isPlainObject(v) && Object.hasOwn(v, "items") && (v.items === null || Array.isArray(v.items));
}

/** The document seen from one of its nodes: a list item's paths and positions. */
export function documentAt(doc: LoadedDocument, prefix: readonly (string | number)[], value: unknown): LoadedDocument {
  if (prefix.length === 0 && value === doc.value) return doc;
  return {
    index: doc.index,
    value,
    rangeOfDocument: doc.rangeOfDocument,
    locate: (p) => doc.locate([...prefix, ...p]),
    locateInString: (p, o) => doc.locateInString([...prefix, ...p], o),
  };
}

/**
 * The objects of `documents`, lists flattened, in order. An empty document gives nothing; a document or list item that
 * is not an object (a scalar, a sequence) is given in `others`, so that a caller can report or count it.
 */
export function objectsOf(documents: readonly LoadedDocument[]): { objects: StreamObject[]; others: NotAnObject[] } {
  const objects: StreamObject[] = [];
  const others: NotAnObject[] = [];
  const visit = (doc: LoadedDocument, value: unknown, prefix: (string | number)[], inList: boolean): void => {
    if (!isPlainObject(value)) {
      // kubectl cannot decode it (a list item that is not an object fails the whole list); a caller reports it.
      if (inList || (value !== null && value !== undefined)) others.push({ value, document: doc, prefix });
      return;
    }
    if (isListObject(value)) {
      const listKind = typeof value.kind === "string" ? value.kind : "";
      const itemKind = listKind.endsWith("List") ? listKind.slice(0, -"List".length) : listKind;
      const apiVersion = value.apiVersion;
      (value.items ?? []).forEach((item, i) => {
        let v = item;
        if (
          isPlainObject(item) &&
          !isSet(item.kind) &&
          !isSet(item.apiVersion) &&
          (itemKind !== "" || isSet(apiVersion))
        )
          v = { ...item, ...(itemKind !== "" ? { kind: itemKind } : {}), ...(isSet(apiVersion) ? { apiVersion } : {}) };
        visit(doc, v, [...prefix, "items", i], true);
      });
      return;
    }
    objects.push({ value, document: documentAt(doc, prefix, value), prefix, inList });
  };
  for (const doc of documents) visit(doc, doc.value, [], false);
  return { objects, others };
}

// kubectl's "len(GetKind()) == 0": a field that is missing, empty, or not a string.
const isSet = (v: unknown): boolean => typeof v === "string" && v !== "";
