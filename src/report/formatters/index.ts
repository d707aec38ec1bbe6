/** Formatter lookup by name; an unknown name is an error value, not an exception. */
import type { Formatter } from "../types.js";
import { github } from "./github.js";
import { json } from "./json.js";
import { junit } from "./junit.js";
import { markdown } from "./markdown.js";
import { sarif } from "./sarif.js";
import { text } from "./text.js";

export const formatters: Readonly<Record<string, Formatter>> = { text, json, sarif, junit, github, markdown };
export const FORMAT_NAMES = Object.keys(formatters);

export function getFormatter(name: string): { ok: true; formatter: Formatter } | { ok: false; error: string } {
  const f = formatters[name];
  return f
    ? { ok: true, formatter: f }
    : { ok: false, error: `unknown format "${name}" (expected one of ${FORMAT_NAMES.join(", ")})` };
}
