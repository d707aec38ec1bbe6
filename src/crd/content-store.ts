/**
 * Caches an engine keeps between texts when it lints the same document again and again (a lint session,
 * src/engine/incremental.ts): each is keyed by an object of a loaded value and holds what is computed from that
 * object's content alone, never from its place, its CRD or the release. The session's texts share the objects of
 * their unchanged subtrees, so an entry is found again exactly where the content is the same. An engine of a
 * one-off run has none (the rules compute as they always do).
 */
export class ContentStore {
  /** The bytes of encoding/json's form of each object and array (rules/size/object-size.ts jsonBytes). */
  readonly jsonBytes = new WeakMap<object, number>();
}
