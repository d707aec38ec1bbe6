// The oracle's JSON-lines protocol (oracle/, the apiserver's own code) as the test harness sees it: one request per
// line, `{ "id": <any JSON>, "op": <op>, ...the op's request fields }`, one answer per line in request order.
//
// The Go side declares the same messages in oracle/protocol.go; `oracle -protocol` prints their field lists
// (oracle/protocol.json keeps that output) and test/oracle/protocol.test.mjs compares them with this file: every
// interface below but Requests and Answers is one Go type, with the same fields in the same order, `?` where the Go
// field is `omitempty`, and each type written as the test expects (`string[]`, `Record<string, unknown>`, ...).
// The harness files that speak the protocol are type-checked against it (`// @ts-check`).

/** Each op's request fields (the client adds `id` and `op`). */
export interface Requests {
  version: VersionRequest;
  yaml: YAMLRequest;
  "crd-create": CRDCreateRequest;
  "crd-update": CRDUpdateRequest;
  "cr-validate": CRValidateRequest;
  "cel-cost": CELCostRequest;
}

/** Every answer each op may send. */
export interface Answers {
  version: VersionAnswer | FatalAnswer;
  yaml: YAMLAnswer | YAMLErrorAnswer | FatalAnswer;
  "crd-create": CRDAnswer | CRDDecodeFailedAnswer | FatalAnswer;
  "crd-update": CRDAnswer | CRDDecodeFailedAnswer | FatalAnswer;
  "cr-validate": CRValidateAnswer | CRRefusedAnswer | FatalAnswer;
  "cel-cost": CELCostAnswer | FatalAnswer;
}

export type Op = keyof Requests;

/** Which Kubernetes release and modules the binary was built from. */
export interface VersionRequest {}

/** A YAML stream, split into documents as kubectl reads it. */
export interface YAMLRequest {
  text: string;
}

/** One CRD to create (YAML or JSON text, one document). */
export interface CRDCreateRequest {
  object: string;
}

/** An update of the CRD `old` to `object`; oldStatus "as-is" keeps old's status instead of the one the apiserver gives. */
export interface CRDUpdateRequest {
  object: string;
  old: string;
  oldStatus?: string;
}

/**
 * A create (or, with `old`, an update) of one custom resource of `crd`; fieldValidation Strict (default), Warn or
 * Ignore; subresource "status" (with `old`): an update through /status.
 */
export interface CRValidateRequest {
  crd: string;
  fieldValidation?: string;
  object: string;
  old?: string;
  subresource?: string;
}

/** The cost the CRD validation charges each CEL rule and messageExpression of `crd`. */
export interface CELCostRequest {
  crd: string;
}

/** The request could not be processed (malformed, unknown op, missing field, upstream panic); the process keeps serving. */
export interface FatalAnswer {
  fatal: string;
  id: unknown;
}

export interface VersionAnswer {
  id: unknown;
  /** "1.37" */
  kubernetes: string;
  /** module path → version, and "go" → the Go release. */
  modules: Record<string, string>;
}

/** The documents as kubectl would send them (numbers exact: read them with json.mjs parseExact). */
export interface YAMLAnswer {
  documents: unknown[];
  id: unknown;
}

export interface YAMLErrorAnswer {
  error: string;
  id: unknown;
}

/** One field.Error as the apiserver reports it. */
export interface FieldError {
  /** The bad value as JSON; null when the error prints none. */
  badValue: unknown;
  detail: string;
  /** The whole Error() text. */
  error: string;
  field: string;
  /** Its type's text: "Required value", "Invalid value", ... */
  type: string;
}

/** crd-create and crd-update. `warnings` is what the apiserver sends (none with a rejection); `strategyWarnings` what the strategy says anyway. */
export interface CRDAnswer {
  decodeErrors: string[];
  errors: FieldError[];
  id: unknown;
  /** The request is refused before validation, with the apiserver's text. */
  requestError?: string;
  strategyWarnings: string[];
  warnings: string[];
}

/** The CRD does not decode at all (decodeFailed is always true). */
export interface CRDDecodeFailedAnswer {
  decodeErrors: string[];
  decodeFailed: boolean;
  errors: FieldError[];
  id: unknown;
  warnings: string[];
}

/** The custom resource after decoding, pruning, defaulting and PrepareForCreate/Update, and its validation. */
export interface CRValidateAnswer {
  /** Under Strict, the strict-decoding problems (the apiserver would answer 400 and validate nothing). */
  decodeErrors: string[];
  errors: FieldError[];
  id: unknown;
  requestError?: string;
  result: Record<string, unknown>;
  strategyWarnings: string[];
  /** The pruned paths, in every mode. */
  unknownFields: string[];
  warnings: string[];
}

/** The custom resource is refused before validation (no such served version, malformed metadata). */
export interface CRRefusedAnswer {
  decodeErrors: string[];
  errors: FieldError[];
  id: unknown;
  requestError: string;
  result: null;
  unknownFields: string[];
  warnings: string[];
}

/** One entry per rule and messageExpression; errors are the CRD create validation's. */
export interface CELCostAnswer {
  decodeErrors: string[];
  /** true when the CRD does not decode at all. */
  decodeFailed?: boolean;
  errors: FieldError[];
  expressions: CELCostExpression[];
  id: unknown;
}

/** Costs are numbers up to 2^53 and decimal strings above. */
export interface CELCostExpression {
  compileError?: string;
  estimatedCost: number | string;
  field: string;
  maxCardinality: number | string;
  maxCost: number | string;
  /** The first of `versions`, every version that shares the schema. */
  version: string;
  versions: string[];
}
