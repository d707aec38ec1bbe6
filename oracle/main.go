// Command oracle answers crdlint's differential tests with the Kubernetes apiserver's own code:
// it reads one JSON request per line on stdin and writes one JSON response per line on stdout,
// in order (protocol.go declares its messages; README.md says what each op runs). It is a test tool of the crdlint repository, never shipped.
//
// Feature gates are the release's defaults (utilfeature.DefaultFeatureGate at the binary's own
// emulation version). The gates that change answers here: CRDValidationRatcheting (custom-resource
// update ratcheting and optionalOldSelf), CustomResourceFieldSelectors (selectableFields),
// CRDObservedGenerationTracking (status.observedGeneration, 1.35+), DeclarativeValidationBeta
// (custom-resource metadata validation), and the CEL library versions picked by
// environment.DefaultCompatibilityVersion().
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"

	"k8s.io/klog/v2"
)

func main() {
	protocol := flag.Bool("protocol", false, "print the protocol's message types (op, fields, TypeScript types) as JSON and exit")
	flag.Parse()
	if *protocol {
		b, _ := json.MarshalIndent(describeProtocol(), "", "  ")
		os.Stdout.Write(append(b, '\n'))
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	defer out.Flush()
	// Upstream code logs through klog (for example "Found duplicate validation error"); stderr
	// stays quiet unless ORACLE_LOG is set, so a harness can treat stderr output as a failure.
	if os.Getenv("ORACLE_LOG") == "" {
		klog.LogToStderr(false)
		klog.SetOutput(io.Discard)
	}
	// ORACLE_CPUPROFILE=file writes a Go CPU profile of the run (for bench/oracle.mjs findings).
	if path := os.Getenv("ORACLE_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			if pprof.StartCPUProfile(f) == nil {
				defer pprof.StopCPUProfile()
			}
		}
	}
	o := newOracle()
	workers := runtime.GOMAXPROCS(0)
	if n, err := strconv.Atoi(os.Getenv("ORACLE_WORKERS")); err == nil && n > 0 {
		workers = n
	}
	if err := serveStream(o, in, out, workers); err != nil {
		out.Flush()
		fmt.Fprintln(os.Stderr, "oracle: reading stdin:", err)
		os.Exit(2)
	}
}

type job struct {
	line   []byte
	answer chan []byte
}

// serveStream answers requests on up to `workers` goroutines (the upstream validation code is
// safe for concurrent use, as it is in the apiserver) and writes the answers strictly in request
// order. The answers are flushed whenever no answered request is waiting behind the one just
// written: a client that waits for an answer gets it at once, a client that streams many requests
// gets them in batches.
func serveStream(o *oracle, in *bufio.Reader, out *bufio.Writer, workers int) error {
	jobs := make(chan job, workers)
	// ordered holds each request's answer channel in arrival order; its capacity bounds how far
	// the reader runs ahead of the writer.
	ordered := make(chan chan []byte, 4*workers+16)
	for i := 0; i < workers; i++ {
		go func() {
			for j := range jobs {
				j.answer <- encodeAnswer(o.serve(j.line))
			}
		}()
	}
	written := make(chan struct{})
	go func() {
		defer close(written)
		for answer := range ordered {
			out.Write(<-answer)
			out.WriteByte('\n')
			if len(ordered) == 0 {
				out.Flush()
			}
		}
		out.Flush()
	}()
	var readErr error
	for {
		line, err := in.ReadBytes('\n')
		if len(trimSpace(line)) > 0 {
			j := job{line: line, answer: make(chan []byte, 1)}
			ordered <- j.answer
			jobs <- j
		}
		if err != nil {
			if err != io.EOF {
				readErr = err
			}
			break
		}
	}
	close(jobs)
	close(ordered)
	<-written
	return readErr
}

func encodeAnswer(a answer) []byte {
	b, err := json.Marshal(a)
	if err != nil {
		b, _ = json.Marshal(fatal(a.requestID(), "cannot encode response: "+err.Error()))
	}
	return b
}

func fatal(id json.RawMessage, message string) *FatalAnswer {
	return &FatalAnswer{Fatal: message, answerID: answerID{ID: id}}
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r' || b[len(b)-1] == '\n') {
		b = b[:len(b)-1]
	}
	return b
}

// serve answers one request line; a panic in upstream code becomes a fatal answer, and the
// process keeps serving.
func (o *oracle) serve(line []byte) (resp answer) {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		// Answer with the id when the line has one, so the client can match the answer.
		var withID struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(line, &withID) == nil && len(withID.ID) > 0 {
			return fatal(withID.ID, "malformed request: "+err.Error())
		}
		return fatal(nil, "request is not a JSON object: "+err.Error())
	}
	id := req.ID
	if len(id) == 0 {
		id = nil
	}
	defer func() {
		if r := recover(); r != nil {
			resp = fatal(id, fmt.Sprintf("panic: %v (in %s)", r, panickingFunction()))
		}
	}()
	// decode reads the op's own fields from the line (fields of other ops are ignored).
	decode := func(into any) bool {
		if err := json.Unmarshal(line, into); err != nil {
			resp = fatal(id, "malformed request: "+err.Error())
			return false
		}
		return true
	}
	var err error
	switch req.Op {
	case "version":
		resp = versionAnswer()
	case "yaml":
		var r YAMLRequest
		if !decode(&r) {
			return resp
		}
		if r.Text == nil {
			return fatal(id, `yaml needs "text"`)
		}
		resp = yamlAnswer(*r.Text)
	case "crd-create":
		var r CRDCreateRequest
		if !decode(&r) {
			return resp
		}
		if r.Object == nil {
			return fatal(id, `crd-create needs "object"`)
		}
		resp, err = o.crdCreate(*r.Object)
	case "crd-update":
		var r CRDUpdateRequest
		if !decode(&r) {
			return resp
		}
		if r.Object == nil || r.Old == nil {
			return fatal(id, `crd-update needs "old" and "object"`)
		}
		resp, err = o.crdUpdate(*r.Old, *r.Object, r.OldStatus == "as-is")
	case "cr-validate":
		var r CRValidateRequest
		if !decode(&r) {
			return resp
		}
		if r.Object == nil || r.CRD == nil {
			return fatal(id, `cr-validate needs "crd" and "object"`)
		}
		resp, err = o.crValidate(*r.CRD, *r.Object, r.Old, r.FieldValidation, r.Subresource)
	case "cel-cost":
		var r CELCostRequest
		if !decode(&r) {
			return resp
		}
		if r.CRD == nil {
			return fatal(id, `cel-cost needs "crd"`)
		}
		resp, err = o.celCost(*r.CRD)
	default:
		return fatal(id, fmt.Sprintf("unknown op %q", req.Op))
	}
	if err != nil {
		return fatal(id, err.Error())
	}
	resp.setID(id)
	return resp
}

// versionAnswer reports the Kubernetes release and the module versions this binary was built
// from (read from the binary's own build information, so it cannot drift from go.mod).
func versionAnswer() *VersionAnswer {
	modules := map[string]string{}
	release := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			m := dep
			if m.Replace != nil {
				m = m.Replace
			}
			switch dep.Path {
			case "k8s.io/apiextensions-apiserver", "k8s.io/apiserver", "k8s.io/apimachinery",
				"k8s.io/api", "k8s.io/client-go", "k8s.io/component-base", "k8s.io/kube-openapi",
				"sigs.k8s.io/yaml", "sigs.k8s.io/structured-merge-diff/v4", "sigs.k8s.io/structured-merge-diff/v6",
				"github.com/google/cel-go", "go.yaml.in/yaml/v2", "sigs.k8s.io/json":
				modules[dep.Path] = m.Version
			}
		}
		if v, ok := modules["k8s.io/apiextensions-apiserver"]; ok {
			var minor int
			if _, err := fmt.Sscanf(v, "v0.%d.", &minor); err == nil {
				release = fmt.Sprintf("1.%d", minor)
			}
		}
		modules["go"] = info.GoVersion
	}
	return &VersionAnswer{Kubernetes: release, Modules: modules}
}

// panickingFunction names the function a recovered panic came from and its caller (the first
// frames below the runtime's own and this deferred recovery), so that a known divergence can name
// the upstream code that panics instead of matching every panic of its kind.
func panickingFunction() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var names []string
	for len(names) < 2 {
		f, more := frames.Next()
		if len(names) > 0 || (!strings.HasPrefix(f.Function, "runtime.") && !strings.HasPrefix(f.Function, "main.(*oracle).serve.func")) {
			names = append(names, f.Function)
		}
		if !more {
			break
		}
	}
	if len(names) == 0 {
		return "unknown"
	}
	return strings.Join(names, " called by ")
}
