/** A Go/Helm template file (`{{ ... }}`): skipped with one info that says how to lint what it renders to. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "yaml-go-template",
  category: "yaml",
  severity: "info",
  apiserver: false,
  preset: "apiserver",
  presetWhy:
    "It says why a file was not linted at all (a template is read only once rendered), which every preset must tell: " +
    "a silent skip would read as a clean result.",
  type: null,
  description: "The file is a Go/Helm template (`{{ ... }}`), not YAML: crdlint skips it; lint what it renders to.",
  docs: {
    why:
      "A chart's templates become YAML only when Helm renders them: `{{- if .Values.crds.enabled }}` is not YAML, " +
      "and `name: {{ .Release.Name }}` reads as a map used as a key. Reporting that as broken YAML would fail every " +
      "pre-commit hook and CI job on the first chart in the repository, and linting the unrendered text would judge " +
      "values that are not the ones applied. crdlint recognises a template by an action (`{{ .Values.x }}`, " +
      "`{{- include ... }}`, `{{ if ... }}`, a template comment) that starts a YAML node (on a line of its own, or " +
      "as a value: YAML would read a map with a map as its key), sits where the YAML does not parse, is written as a " +
      'quoted value (`name: "{{ .Release.Name }}"`), or names Helm\'s objects or functions (`.Values`, `.Release`, ' +
      "`include`, `toYaml`, ...); in a Helm chart's `templates/` (beside Chart.yaml) any `{{` does. It skips the " +
      "whole file, and says so once. Template syntax inside text (a description, block scalar or not, that mentions " +
      "`{{ .cluster.name }}`) does not make a CRD a template. The other commands (`cost`, `validate`) skip such " +
      "files the same way.",
    fix:
      "Lint the rendered chart: `helm template . | crdlint lint -` (or `helm template . > rendered.yaml` and lint " +
      "that file; `--stdin-filename` names standard input in the report). Turn the info off with " +
      "`yaml-go-template: off` in .crdlint.yaml; the file is skipped either way.",
    fail: "{{- if .Values.crds.install }}\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\n{{- end }}\n",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
