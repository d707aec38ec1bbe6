package main

// The protocol's messages, one type per request and per answer of each op. The test harness
// declares the same types in test/oracle/protocol.d.ts; `oracle -protocol` prints the field
// lists below (describeProtocol) and test/oracle/protocol.test.mjs compares the two, so that a
// field added, renamed or retyped on one side only fails a test.
//
// Answer fields are declared in alphabetical order of their JSON names, "id" included (the
// embedded answerID sits where "id" sorts): the oracle used to encode its answers from
// map[string]any, which encoding/json writes with sorted keys, and the recorded answers under
// test/oracle/recorded/ are those bytes. A field is `omitempty` exactly when it may be absent
// from the message (TypeScript's `?`), never for an empty list, which the answers always write
// as [].

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// request is the envelope of every request line: the id the answer echoes (any JSON value) and
// the op that says which of the *Request types the rest of the line is.
type request struct {
	ID json.RawMessage `json:"id"`
	Op string          `json:"op"`
}

// VersionRequest asks which Kubernetes release and modules the binary was built from.
type VersionRequest struct{}

// YAMLRequest splits a YAML stream into documents as kubectl reads it.
type YAMLRequest struct {
	Text *string `json:"text"`
}

// CRDCreateRequest creates one CRD (YAML or JSON text).
type CRDCreateRequest struct {
	Object *string `json:"object"`
}

// CRDUpdateRequest updates the CRD old to object. oldStatus "as-is" keeps old's status as
// written instead of the one the apiserver and its controllers would have given it.
type CRDUpdateRequest struct {
	Object    *string `json:"object"`
	Old       *string `json:"old"`
	OldStatus string  `json:"oldStatus,omitempty"`
}

// CRValidateRequest creates (or, with old, updates) one custom resource of the CRD crd.
// fieldValidation is Strict (the default, as kubectl sends), Warn or Ignore. subresource
// "status" (with old) makes the update one through /status (the status strategy).
type CRValidateRequest struct {
	CRD             *string `json:"crd"`
	FieldValidation string  `json:"fieldValidation,omitempty"`
	Object          *string `json:"object"`
	Old             *string `json:"old,omitempty"`
	Subresource     string  `json:"subresource,omitempty"`
}

// CELCostRequest asks the cost the CRD validation charges each CEL expression of crd.
type CELCostRequest struct {
	CRD *string `json:"crd"`
}

// answerID is the "id" of every answer: the request's id as sent, or null when the request
// line had none (or was not a JSON object). Embedded at the place "id" sorts.
type answerID struct {
	ID json.RawMessage `json:"id"`
}

func (a *answerID) setID(id json.RawMessage)   { a.ID = id }
func (a *answerID) requestID() json.RawMessage { return a.ID }

// answer is any of the *Answer types.
type answer interface {
	setID(json.RawMessage)
	requestID() json.RawMessage
}

// FatalAnswer: the request could not be processed (malformed, unknown op, a missing field, an
// input that is not one document, an upstream panic); the process keeps serving.
type FatalAnswer struct {
	Fatal string `json:"fatal"`
	answerID
}

// VersionAnswer: the Kubernetes release ("1.37") and the module versions of the binary.
type VersionAnswer struct {
	answerID
	Kubernetes string            `json:"kubernetes"`
	Modules    map[string]string `json:"modules"`
}

// YAMLAnswer: the stream's documents as JSON, as kubectl sends them.
type YAMLAnswer struct {
	Documents []json.RawMessage `json:"documents"`
	answerID
}

// YAMLErrorAnswer: the stream does not parse; the reader's error.
type YAMLErrorAnswer struct {
	Error string `json:"error"`
	answerID
}

// FieldError is one field.Error (k8s.io/apimachinery/pkg/util/validation/field) as the
// apiserver reports it: its type's text ("Required value"), path, detail, the bad value as JSON
// (null when the error prints none) and the whole Error() text.
type FieldError struct {
	BadValue any    `json:"badValue"`
	Detail   string `json:"detail"`
	Text     string `json:"error"`
	Field    string `json:"field"`
	Type     string `json:"type"`
}

// CRDAnswer (crd-create, crd-update): decodeErrors are the strict-decoding problems (unknown and
// duplicate fields); errors the validation's; warnings what the apiserver sends (none with a
// rejection); strategyWarnings what WarningsOnCreate/WarningsOnUpdate say about the object even
// when it is rejected; requestError a refusal before validation.
type CRDAnswer struct {
	DecodeErrors []string     `json:"decodeErrors"`
	Errors       []FieldError `json:"errors"`
	answerID
	RequestError     string   `json:"requestError,omitempty"`
	StrategyWarnings []string `json:"strategyWarnings"`
	Warnings         []string `json:"warnings"`
}

// CRDDecodeFailedAnswer (crd-create, crd-update): the CRD does not decode at all; decodeErrors
// holds the decoder's text. decodeFailed is always true.
type CRDDecodeFailedAnswer struct {
	DecodeErrors []string     `json:"decodeErrors"`
	DecodeFailed bool         `json:"decodeFailed"`
	Errors       []FieldError `json:"errors"`
	answerID
	Warnings []string `json:"warnings"`
}

// CRValidateAnswer: the custom resource after decoding, pruning, defaulting and
// PrepareForCreate/Update (result), the pruned paths (unknownFields, in every mode), the
// strict-decoding problems under Strict (decodeErrors: the apiserver would answer 400 with them
// and validate nothing), the validation's errors and the warnings.
type CRValidateAnswer struct {
	DecodeErrors []string     `json:"decodeErrors"`
	Errors       []FieldError `json:"errors"`
	answerID
	RequestError     string         `json:"requestError,omitempty"`
	Result           map[string]any `json:"result"`
	StrategyWarnings []string       `json:"strategyWarnings"`
	UnknownFields    []string       `json:"unknownFields"`
	Warnings         []string       `json:"warnings"`
}

// CRRefusedAnswer: the custom resource is refused before validation (no such served version,
// malformed metadata): requestError is the apiserver's text and nothing else is filled.
type CRRefusedAnswer struct {
	DecodeErrors []string     `json:"decodeErrors"`
	Errors       []FieldError `json:"errors"`
	answerID
	RequestError  string   `json:"requestError"`
	Result        jsonNull `json:"result"`
	UnknownFields []string `json:"unknownFields"`
	Warnings      []string `json:"warnings"`
}

// CELCostAnswer: one entry per rule and messageExpression, and the CRD create validation's
// errors (for the verdict). decodeFailed (true, or absent) says the CRD did not decode at all.
type CELCostAnswer struct {
	DecodeErrors []string            `json:"decodeErrors"`
	DecodeFailed bool                `json:"decodeFailed,omitempty"`
	Errors       []FieldError        `json:"errors"`
	Expressions  []CELCostExpression `json:"expressions"`
	answerID
}

// CELCostExpression is one rule's (or messageExpression's) cost at one schema path. versions
// are every version that shares the schema (version is the first of them).
type CELCostExpression struct {
	CompileError   *string  `json:"compileError,omitempty"`
	EstimatedCost  celCost  `json:"estimatedCost"`
	Field          string   `json:"field"`
	MaxCardinality celCost  `json:"maxCardinality"`
	MaxCost        celCost  `json:"maxCost"`
	Version        string   `json:"version"`
	Versions       []string `json:"versions"`
}

// celCost keeps a uint64 exact in JSON: a number up to 2^53, a decimal string above.
type celCost uint64

func (c celCost) MarshalJSON() ([]byte, error) {
	if c > 1<<53 {
		return []byte(`"` + strconv.FormatUint(uint64(c), 10) + `"`), nil
	}
	return strconv.AppendUint(nil, uint64(c), 10), nil
}

// jsonNull is a field that is always null.
type jsonNull struct{}

func (jsonNull) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// protocolOp is one op: its request type and every answer type it may send.
type protocolOp struct {
	name    string
	request any
	answers []any
}

var protocolOps = []protocolOp{
	{"version", VersionRequest{}, []any{VersionAnswer{}, FatalAnswer{}}},
	{"yaml", YAMLRequest{}, []any{YAMLAnswer{}, YAMLErrorAnswer{}, FatalAnswer{}}},
	{"crd-create", CRDCreateRequest{}, []any{CRDAnswer{}, CRDDecodeFailedAnswer{}, FatalAnswer{}}},
	{"crd-update", CRDUpdateRequest{}, []any{CRDAnswer{}, CRDDecodeFailedAnswer{}, FatalAnswer{}}},
	{"cr-validate", CRValidateRequest{}, []any{CRValidateAnswer{}, CRRefusedAnswer{}, FatalAnswer{}}},
	{"cel-cost", CELCostRequest{}, []any{CELCostAnswer{}, FatalAnswer{}}},
}

// protocolField is one field of a message as `oracle -protocol` prints it: its JSON name,
// whether it may be absent, and its type written as TypeScript writes it.
type protocolField struct {
	Name     string `json:"name"`
	Optional bool   `json:"optional"`
	Type     string `json:"type"`
}

type protocolDescription struct {
	// Ops: for each op, its request type and its answer types.
	Ops map[string]protocolOpDescription `json:"ops"`
	// Types: every message type's fields in declaration order.
	Types map[string][]protocolField `json:"types"`
}

type protocolOpDescription struct {
	Request string   `json:"request"`
	Answers []string `json:"answers"`
}

// describeProtocol reads the message types above by reflection (what -protocol prints).
func describeProtocol() protocolDescription {
	d := protocolDescription{Ops: map[string]protocolOpDescription{}, Types: map[string][]protocolField{}}
	for _, op := range protocolOps {
		desc := protocolOpDescription{Request: describeType(d.Types, reflect.TypeOf(op.request))}
		for _, a := range op.answers {
			desc.Answers = append(desc.Answers, describeType(d.Types, reflect.TypeOf(a)))
		}
		sort.Strings(desc.Answers)
		d.Ops[op.name] = desc
	}
	return d
}

// describeType adds a struct type's fields to types and returns its name; for any other type,
// its TypeScript spelling.
func describeType(types map[string][]protocolField, t reflect.Type) string {
	switch t {
	case reflect.TypeOf(json.RawMessage(nil)), reflect.TypeOf((*any)(nil)).Elem():
		return "unknown"
	case reflect.TypeOf(celCost(0)):
		return "number | string"
	case reflect.TypeOf(jsonNull{}):
		return "null"
	}
	switch t.Kind() {
	case reflect.Pointer:
		return describeType(types, t.Elem())
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64:
		return "number"
	case reflect.Slice:
		return describeType(types, t.Elem()) + "[]"
	case reflect.Map:
		return "Record<string, " + describeType(types, t.Elem()) + ">"
	case reflect.Struct:
		if _, done := types[t.Name()]; !done {
			types[t.Name()] = []protocolField{}
			types[t.Name()] = structFields(types, t)
		}
		return t.Name()
	}
	panic("protocol: no TypeScript spelling for " + t.String())
}

func structFields(types map[string][]protocolField, t reflect.Type) []protocolField {
	fields := []protocolField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			fields = append(fields, structFields(types, f.Type)...)
			continue
		}
		tag := strings.Split(f.Tag.Get("json"), ",")
		optional := false
		for _, o := range tag[1:] {
			optional = optional || o == "omitempty"
		}
		fields = append(fields, protocolField{Name: tag[0], Optional: optional, Type: describeType(types, f.Type)})
	}
	return fields
}
