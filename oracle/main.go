// Command oracle answers crdlint's differential tests with the Kubernetes apiserver's own code:
// it reads one JSON request per line on stdin and writes one JSON response per line on stdout,
// in order (protocol: see README.md). It is a test tool of the crdlint repository, never shipped.
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

type request struct {
	ID              json.RawMessage `json:"id"`
	Op              string          `json:"op"`
	Text            *string         `json:"text,omitempty"`
	Object          *string         `json:"object,omitempty"`
	Old             *string         `json:"old,omitempty"`
	OldStatus       string          `json:"oldStatus,omitempty"`
	CRD             *string         `json:"crd,omitempty"`
	FieldValidation string          `json:"fieldValidation,omitempty"`
}

func main() {
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

func encodeAnswer(resp map[string]any) []byte {
	b, err := json.Marshal(resp)
	if err != nil {
		b, _ = json.Marshal(map[string]any{"id": resp["id"], "fatal": "cannot encode response: " + err.Error()})
	}
	return b
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
func (o *oracle) serve(line []byte) (resp map[string]any) {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		// Answer with the id when the line has one, so the client can match the answer.
		var withID struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(line, &withID) == nil && len(withID.ID) > 0 {
			return map[string]any{"id": withID.ID, "fatal": "malformed request: " + err.Error()}
		}
		return map[string]any{"id": nil, "fatal": "request is not a JSON object: " + err.Error()}
	}
	id := any(nil)
	if len(req.ID) > 0 {
		id = req.ID
	}
	defer func() {
		if r := recover(); r != nil {
			resp = map[string]any{"id": id, "fatal": fmt.Sprintf("panic: %v (in %s)", r, panickingFunction())}
		}
	}()
	var err error
	switch req.Op {
	case "version":
		resp = versionAnswer()
	case "yaml":
		if req.Text == nil {
			return map[string]any{"id": id, "fatal": `yaml needs "text"`}
		}
		resp = yamlAnswer(*req.Text)
	case "crd-create":
		if req.Object == nil {
			return map[string]any{"id": id, "fatal": `crd-create needs "object"`}
		}
		resp, err = o.crdCreate(*req.Object)
	case "crd-update":
		if req.Object == nil || req.Old == nil {
			return map[string]any{"id": id, "fatal": `crd-update needs "old" and "object"`}
		}
		resp, err = o.crdUpdate(*req.Old, *req.Object, req.OldStatus == "as-is")
	case "cr-validate":
		if req.Object == nil || req.CRD == nil {
			return map[string]any{"id": id, "fatal": `cr-validate needs "crd" and "object"`}
		}
		resp, err = o.crValidate(*req.CRD, *req.Object, req.Old, req.FieldValidation)
	case "cel-cost":
		if req.CRD == nil {
			return map[string]any{"id": id, "fatal": `cel-cost needs "crd"`}
		}
		resp, err = o.celCost(*req.CRD)
	default:
		return map[string]any{"id": id, "fatal": fmt.Sprintf("unknown op %q", req.Op)}
	}
	if err != nil {
		return map[string]any{"id": id, "fatal": err.Error()}
	}
	resp["id"] = id
	return resp
}

// versionAnswer reports the Kubernetes release and the module versions this binary was built
// from (read from the binary's own build information, so it cannot drift from go.mod).
func versionAnswer() map[string]any {
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
	return map[string]any{"kubernetes": release, "modules": modules}
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
