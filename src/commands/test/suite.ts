/**
 * A test suite as the runner executes it, whatever format it was written in: the CRD it runs against and its cases,
 * each a short sequence of requests with what the case expects of them.
 */
import type { JsonObject } from "../../crd/model.js";
import type { FieldValidation } from "../../values/resource.js";

/** The placeholder an author writes to have `crdlint test --update` fill in the apiserver's answer. */
export const TODO = "TODO";

/** An object a case sends or expects: its value, or why it cannot be read (the case then errs). */
export type CaseObject = { value: JsonObject } | { problem: string };

/** One RFC 6902 operation on the CRD file (openshift/api's initialCRDPatches). */
export interface CrdPatch {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

/** An error the case expects: a substring of the whole text, or one field error (native format). */
export type ExpectedError = { contains: string } | { field: string; type?: string; message?: string };

/** Where a TODO placeholder sits in the suite file (a path of keys into its document), for --update. */
export interface TodoPlace {
  key: "expected" | "expectedError";
  path: (string | number)[];
}

export interface SuiteCase {
  name: string;
  line: number;
  column: number;
  /** create: one create. update: create `initial`, then update it to `updated`. status: the same through /status. */
  operation: "create" | "update" | "status";
  initial: CaseObject;
  updated?: CaseObject;
  /** The object as read back at the end; absent: not compared. */
  expected?: CaseObject;
  /** The error the last main request must fail with (create, or the update). */
  expectedError?: ExpectedError[];
  /** openshift/api: the error the status update of `updated` must fail with. */
  expectedStatusError?: string;
  expectedWarnings?: string[];
  /** openshift/api: patches of the CRD file the initial object is created under (ratcheting). */
  crdPatches?: CrdPatch[];
  todos: TodoPlace[];
}

/** One suite against one CRD: what a run executes (an openshift/api suite yields one per CRD manifest it selects). */
export interface SuiteRun {
  file: string;
  suite: string;
  /** The CRD file (relative to the working directory) and the CRD as installed (only the suite's version, for openshift/api). */
  crdFile: string;
  crd: JsonObject;
  /** The CRD file's text when it is exactly the CRD installed (the apiserver's verdict on it is read from it). */
  crdText?: string;
  /** The CRD file's whole CRD, which initialCRDPatches patch. */
  crdFromFile: JsonObject;
  version: string;
  harness: "openshift" | "native";
  fieldValidation: FieldValidation;
  cases: SuiteCase[];
}

/** A suite that cannot run, where it says so. */
export interface SuiteReadProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}
