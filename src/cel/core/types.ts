/** CEL types as crdlint's checker and cost estimator share them, and the schema-derived DeclType (cel-cost.md §2). */
import type { Expr, SourceInfo } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";

export type CelType =
  | {
      kind:
        | "int"
        | "uint"
        | "double"
        | "bool"
        | "string"
        | "bytes"
        | "null_type"
        | "duration"
        | "timestamp"
        | "dyn"
        | "error";
    }
  | { kind: "list"; elem: CelType }
  | { kind: "map"; key: CelType; value: CelType }
  /** A schema object (struct-like node); `decl` gives its fields. */
  | { kind: "object"; name: string; decl: DeclType }
  | { kind: "optional"; elem: CelType }
  | { kind: "type"; of: CelType }
  /** Library types: `kubernetes.Quantity`, `net.URL`, `net.IP`, `net.CIDR`, `kubernetes.Semver`, `kubernetes.NamedFormat`, `kubernetes.authorization...` */
  | { kind: "opaque"; name: string; params: CelType[] }
  | { kind: "typeParam"; name: string };

/** A schema node as CEL sees it (kubernetes/apiserver:pkg/cel/types.go DeclType): type plus the size facts the estimator needs. */
export interface DeclType {
  cel: CelType;
  /** Upper bound of size() for strings/bytes/lists/maps of this node; 0 for scalars and objects. Unsigned 64-bit. */
  maxElements: bigint;
  /** Smallest JSON serialization of a value of this node, in bytes. */
  minSize: bigint;
  /** Struct fields by CEL-escaped name (objects only). */
  fields?: Map<string, DeclField>;
  /** List element / map value type. */
  elem?: DeclType;
  /** Map key type (always plain string with maxElements 0 for schema maps). */
  key?: DeclType;
  /** The schema node it came from (null for implicit resource-root fields). */
  schema: Record<string, unknown> | null;
  /**
   * Lists up to 1.36: a list-type set list compares its raw elements with the other list's CEL values as Go map keys
   * (so an integral number, decoded as int64, never equals the other side's double).
   */
  legacySetEquality?: boolean;
  /** Up to 1.28: a value of this object type does not convert (no properties, additionalProperties or preserve). */
  unconvertibleObject?: boolean;
  /**
   * Objects up to 1.33: in an equality, a declared field the other object holds as null counts as missing there
   * (unstructuredMap.Find treats null like absent), so the objects are unequal.
   */
  legacyNullFieldUnequal?: boolean;
}

export interface DeclField {
  name: string; // raw property name
  escapedName: string;
  type: DeclType;
  required: boolean;
}

/** A reference the checker resolved at an AST node: an identifier or the overloads a call may bind to. */
export interface Reference {
  name?: string;
  overloadIds?: string[];
}

/** The output of the checker, the input of the cost estimator. Node ids are the parser's (bigint). */
export interface CheckedAst {
  expr: Expr;
  sourceInfo: SourceInfo;
  types: Map<bigint, CelType>;
  references: Map<bigint, Reference>;
}
