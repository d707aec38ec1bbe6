/**
 * How kubectl splits a stream that starts with `{`. apimachinery's YAMLOrJSONDecoder (pkg/util/yaml/decoder.go,
 * v0.33 to v0.37 alike) guesses JSON from the first non-space byte and decodes JSON values one after another
 * (encoding/json's Decoder: values separated by nothing or by JSON whitespace). When a value fails:
 * - after two or more values, the stream is taken for JSON and the error stops kubectl;
 * - after none or one, it rewinds to the end of what it read, skips spaces up to and including the first line
 *   break, and reads the rest as YAML (documents cut at `---` lines, as any YAML stream).
 * A stream of a single JSON value followed by nothing is read as YAML here, as it always was: YAML's flow style
 * covers JSON, and the loader's positions and checks then apply unchanged.
 */

export interface JsonStream {
  /** The JSON values read, as [start, end) offsets. */
  values: [number, number][];
  /** Where the YAML rest starts, when kubectl switches to YAML. */
  yamlFrom: number | null;
  /** The error that stops kubectl (after two or more values). */
  error: { offset: number; message: string } | null;
}

/** Go's unicode.IsSpace for the guess; encoding/json skips only its four whitespace characters between values. */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const isJsonSpace = (c: string | undefined): boolean => c === " " || c === "\t" || c === "\n" || c === "\r";

/** The stream as kubectl splits it, or null when it is not a JSON stream of more than one value (read it as YAML). */
export function splitJsonStream(text: string): JsonStream | null {
  let lead = 0;
  while (lead < text.length && GO_SPACE.test(text[lead]!)) lead++;
  if (text[lead] !== "{") return null;
  const values: [number, number][] = [];
  let pos = lead;
  for (;;) {
    while (isJsonSpace(text[pos])) pos++;
    if (pos >= text.length) break;
    const end = scanValue(text, pos);
    if (typeof end === "number") {
      values.push([pos, end]);
      pos = end;
      continue;
    }
    if (values.length > 1) return { values, yamlFrom: null, error: end };
    // None or one value, then what JSON cannot read: the decoder rewinds to the end of what it read (the start, or
    // the end of that value) and skips spaces up to and including a line break, reading 4 bytes at a time: with
    // fewer than 4 bytes left it meets the end of the stream, does not switch, and the JSON error stands.
    let rest = values.length ? values[0]![1] : 0;
    for (;;) {
      if (utf8Length(text.slice(rest, rest + 4)) < 4) return { values, yamlFrom: null, error: end };
      const ch = String.fromCodePoint(text.codePointAt(rest)!);
      if (!GO_SPACE.test(ch)) break;
      rest += ch.length;
      if (ch === "\n") break;
    }
    // With nothing read as JSON, the YAML reading of the whole text is the same: read it as YAML as always.
    return values.length ? { values, yamlFrom: rest, error: null } : null;
  }
  return values.length > 1 ? { values, yamlFrom: null, error: null } : null;
}

type ScanError = { offset: number; message: string };

/** Bytes of a string in UTF-8 (lone surrogates count as the 3 bytes of U+FFFD, as a Go string of them would). */
function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** The end offset of the JSON value at `start` (encoding/json's grammar), or where and why it fails. */
function scanValue(text: string, start: number): number | ScanError {
  // An explicit stack of open containers: '{' or '['; deep nesting does not recurse.
  const stack: string[] = [];
  let pos = start;
  const fail = (message: string): ScanError => ({ offset: pos, message });
  const unexpected = (context: string): ScanError =>
    pos >= text.length
      ? fail("unexpected end of JSON input")
      : fail(`invalid character ${quoteChar(text[pos]!)} ${context}`);
  const skip = () => {
    while (isJsonSpace(text[pos])) pos++;
  };
  for (;;) {
    // A value.
    skip();
    const c = text[pos];
    if (c === "{") {
      pos++;
      skip();
      if (text[pos] === "}") pos++;
      else {
        stack.push("{");
        const key = scanKey();
        if (key) return key;
        continue;
      }
    } else if (c === "[") {
      pos++;
      skip();
      if (text[pos] === "]") pos++;
      else {
        stack.push("[");
        continue;
      }
    } else if (c === '"') {
      const s = scanString();
      if (s) return s;
    } else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(pos, pos + 400));
      if (!m || m[0] === "-") {
        pos++;
        return unexpected("in numeric literal");
      }
      pos += m[0].length;
    } else if (c === "t" || c === "f" || c === "n") {
      const word = c === "t" ? "true" : c === "f" ? "false" : "null";
      for (let i = 0; i < word.length; i++, pos++)
        if (text[pos] !== word[i]) return unexpected(`in literal ${word} (expecting ${quoteChar(word[i]!)})`);
    } else return unexpected("looking for beginning of value");
    // After a value: close containers or go on to the next element.
    for (;;) {
      if (stack.length === 0) return pos;
      skip();
      const top = stack[stack.length - 1];
      if (text[pos] === ",") {
        pos++;
        if (top === "{") {
          const key = scanKey();
          if (key) return key;
        }
        break;
      }
      if ((top === "{" && text[pos] === "}") || (top === "[" && text[pos] === "]")) {
        pos++;
        stack.pop();
        continue;
      }
      return unexpected(top === "{" ? "after object key:value pair" : "after array element");
    }
  }

  function scanKey(): ScanError | null {
    skip();
    if (text[pos] !== '"') return unexpected("looking for beginning of object key string");
    const s = scanString();
    if (s) return s;
    skip();
    if (text[pos] !== ":") return unexpected("after object key");
    pos++;
    return null;
  }

  function scanString(): ScanError | null {
    pos++;
    for (;;) {
      const ch = text[pos];
      if (ch === undefined) return fail("unexpected end of JSON input");
      if (ch === '"') {
        pos++;
        return null;
      }
      if (ch === "\\") {
        const e = text[pos + 1];
        if (e !== undefined && '"\\/bfnrt'.includes(e)) pos += 2;
        else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) pos += 6;
        else {
          pos++;
          return unexpected("in string escape code");
        }
        continue;
      }
      if (ch < " ") return unexpected("in string literal");
      pos++;
    }
  }
}

/** Go's quoteChar (encoding/json scanner.go). */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return "'\"'";
  const json = JSON.stringify(c);
  return `'${json.slice(1, -1)}'`;
}
