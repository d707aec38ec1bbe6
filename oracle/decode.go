package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	kjsonserializer "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// oracle holds everything built once per process: the apiextensions scheme and its decoders,
// and the cache of per-CRD custom-resource strategies (whose CEL programs are compiled once).
type oracle struct {
	scheme *runtime.Scheme
	codecs serializer.CodecFactory
	// crdStrict / crdLenient decode a CRD's JSON the way the apiserver's CRD endpoint does with
	// fieldValidation=Strict / Ignore, then default it and convert it to the internal version.
	crdStrict  runtime.Decoder
	crdLenient runtime.Decoder
	// crdV1 decodes and defaults to apiextensions.k8s.io/v1 (what the custom-resource handler reads).
	crdV1 runtime.Decoder
	// crStrict / crLenient decode a custom resource's JSON into Unstructured.
	crStrict  runtime.Decoder
	crLenient runtime.Decoder
	crs       *crCache
}

var internalGV = schema.GroupVersion{Group: apiextensions.GroupName, Version: runtime.APIVersionInternal}

func newOracle() *oracle {
	scheme := runtime.NewScheme()
	install.Install(scheme)
	// The apiextensions apiserver's scheme (pkg/apiserver/apiserver.go) also carries the
	// unversioned meta types; decoding a CRD does not need more.
	metav1.AddToGroupVersion(scheme, schema.GroupVersion{Version: "v1"})
	codecs := serializer.NewCodecFactory(scheme)
	strict := kjsonserializer.NewSerializerWithOptions(kjsonserializer.DefaultMetaFactory, scheme, scheme, kjsonserializer.SerializerOptions{Strict: true})
	lenient := kjsonserializer.NewSerializerWithOptions(kjsonserializer.DefaultMetaFactory, scheme, scheme, kjsonserializer.SerializerOptions{})
	crStrict, crLenient := newCRSerializers(scheme)
	return &oracle{
		crStrict:   crStrict,
		crLenient:  crLenient,
		scheme:     scheme,
		codecs:     codecs,
		crdStrict:  codecs.DecoderToVersion(strict, internalGV),
		crdLenient: codecs.DecoderToVersion(lenient, internalGV),
		crdV1:      codecs.DecoderToVersion(lenient, apiextensionsv1.SchemeGroupVersion),
		crs:        newCRCache(),
	}
}

// kubectlDocuments splits a YAML (or JSON) stream the way kubectl's resource builder does
// (k8s.io/cli-runtime/pkg/resource StreamVisitor: utilyaml.NewYAMLOrJSONDecoder into a
// RawExtension, which runs sigs.k8s.io/yaml's YAMLToJSON on each document), skipping empty and
// null documents as kubectl does.
func kubectlDocuments(text string) ([]json.RawMessage, error) {
	d := utilyaml.NewYAMLOrJSONDecoder(strings.NewReader(text), 4096)
	var docs []json.RawMessage
	for {
		ext := runtime.RawExtension{}
		if err := d.Decode(&ext); err != nil {
			if err == io.EOF {
				return docs, nil
			}
			return docs, err
		}
		raw := bytes.TrimSpace(ext.Raw)
		if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
			continue
		}
		docs = append(docs, json.RawMessage(raw))
	}
}

func yamlAnswer(text string) answer {
	docs, err := kubectlDocuments(text)
	if err != nil {
		return &YAMLErrorAnswer{Error: err.Error()}
	}
	if docs == nil {
		docs = []json.RawMessage{}
	}
	return &YAMLAnswer{Documents: docs}
}

// requestBody is the JSON kubectl would send for a one-document input.
func requestBody(text string) ([]byte, error) {
	docs, err := kubectlDocuments(text)
	if err != nil {
		return nil, fmt.Errorf("error parsing input: %v", err)
	}
	if len(docs) != 1 {
		return nil, fmt.Errorf("expected exactly one document, found %d", len(docs))
	}
	return docs[0], nil
}

// decodeCRD decodes one CRD as the apiserver's CRD endpoint does: JSON (strict: unknown and
// duplicate fields are collected), v1 defaulting, conversion to the internal type.
// A hard decoding failure returns (nil, [its text], nil).
func (o *oracle) decodeCRD(text string, strict bool) (*apiextensions.CustomResourceDefinition, []string, error) {
	body, err := requestBody(text)
	if err != nil {
		return nil, nil, err
	}
	dec := o.crdLenient
	if strict {
		dec = o.crdStrict
	}
	obj, _, err := dec.Decode(body, nil, nil)
	var problems []string
	if err != nil {
		if se, ok := runtime.AsStrictDecodingError(err); ok && obj != nil {
			for _, e := range se.Errors() {
				problems = append(problems, e.Error())
			}
		} else {
			return nil, []string{err.Error()}, nil
		}
	}
	crd, ok := obj.(*apiextensions.CustomResourceDefinition)
	if !ok {
		return nil, []string{fmt.Sprintf("not a CustomResourceDefinition: decoded %T", obj)}, nil
	}
	return crd, problems, nil
}

// errorJSON is the protocol's error object.
func errorJSON(e *field.Error) FieldError {
	return FieldError{
		Type:     e.Type.String(),
		Field:    e.Field,
		Detail:   e.Detail,
		BadValue: jsonValue(e.BadValue),
		Text:     e.Error(),
	}
}

func jsonValue(v any) any {
	if v == nil {
		return nil
	}
	// Errors that print no value (field.OmitValueType) have none to compare.
	if _, omitted := v.(field.OmitValueType); omitted {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return json.RawMessage(b)
}

func errorsJSON(errs field.ErrorList) []FieldError {
	out := make([]FieldError, 0, len(errs))
	for _, e := range errs {
		out = append(out, errorJSON(e))
	}
	return out
}

// mergeRESTErrors turns what rest.BeforeCreate/BeforeUpdate returned into the protocol's error
// list: the strategy's own errors as captured (full detail), then any further cause of the
// Invalid status (the generic metadata checks rest adds itself), which carries only its field,
// type and message. Any other error (namespace mismatch, internal error) is a request error.
func mergeRESTErrors(err error, captured field.ErrorList) ([]FieldError, string) {
	out := errorsJSON(captured)
	if err == nil {
		return out, ""
	}
	status, ok := err.(apierrors.APIStatus)
	if !ok || status.Status().Reason != metav1.StatusReasonInvalid || status.Status().Details == nil {
		return out, err.Error()
	}
	seen := map[string]int{}
	for _, e := range captured {
		seen[e.Field+"\x00"+string(e.Type)+"\x00"+e.ErrorBody()]++
	}
	for _, c := range status.Status().Details.Causes {
		k := c.Field + "\x00" + string(c.Type) + "\x00" + c.Message
		if seen[k] > 0 {
			seen[k]--
			continue
		}
		t := field.ErrorType(c.Type)
		out = append(out, FieldError{
			Type:     t.String(),
			Field:    c.Field,
			Detail:   c.Message,
			BadValue: nil,
			Text:     c.Field + ": " + c.Message,
		})
	}
	return out, ""
}
