/**
 * CEL reserved symbols (kubernetes/apiserver pkg/cel/escaping.go): the checker accepts them as field names only when
 * the environment says so, and the schema's property names that are one of them are escaped (`__name__`).
 */
export const CEL_RESERVED: ReadonlySet<string> = new Set([
  "true",
  "false",
  "null",
  "in",
  "as",
  "break",
  "const",
  "continue",
  "else",
  "for",
  "function",
  "if",
  "import",
  "let",
  "loop",
  "package",
  "namespace",
  "return",
  "var",
  "void",
  "while",
]);
