/**
 * E-mail addresses as net/mail.ParseAddress parses a single mailbox (golang/go src/net/mail/message.go); group syntax
 * is not supported.
 */
import { goParseIP } from "./ip.js";

class MailParser {
  constructor(public s: string) {}
  empty(): boolean {
    return this.s.length === 0;
  }
  skipSpace(): void {
    this.s = this.s.replace(/^[ \t]+/, "");
  }
  skipCFWS(): boolean {
    this.skipSpace();
    for (;;) {
      if (this.s[0] !== "(") break;
      if (!this.skipComment()) return false;
      this.skipSpace();
    }
    return true;
  }
  skipComment(): boolean {
    // s starts with '('
    let depth = 1;
    let i = 1;
    for (; i < this.s.length && depth > 0; i++) {
      const c = this.s[i];
      if (c === "\\") i++;
      else if (c === "(") depth++;
      else if (c === ")") depth--;
    }
    if (depth !== 0) return false;
    this.s = this.s.slice(i);
    return true;
  }
  consume(c: string): boolean {
    if (this.s[0] !== c) return false;
    this.s = this.s.slice(1);
    return true;
  }
  static isAtext(ch: string, dot: boolean): boolean {
    if (ch === ".") return dot;
    if ('()<>[]:;@\\,"'.includes(ch)) return false;
    const c = ch.codePointAt(0)!;
    return (c >= 0x21 && c <= 0x7e) || c >= 0x80;
  }
  consumeAtom(dot: boolean, permissive: boolean): string | null {
    let i = 0;
    while (i < this.s.length) {
      const ch = String.fromCodePoint(this.s.codePointAt(i)!);
      if (!MailParser.isAtext(ch, dot)) break;
      i += ch.length;
    }
    if (i === 0) return null;
    const atom = this.s.slice(0, i);
    this.s = this.s.slice(i);
    if (!permissive && (atom.startsWith(".") || atom.includes("..") || atom.endsWith("."))) return null;
    return atom;
  }
  consumeQuotedString(): string | null {
    // s starts with '"'
    let i = 1;
    let out = "";
    for (;;) {
      if (i >= this.s.length) return null;
      const ch = String.fromCodePoint(this.s.codePointAt(i)!);
      if (ch === '"') break;
      if (ch === "\\") {
        if (i + 1 >= this.s.length) return null;
        const n = String.fromCodePoint(this.s.codePointAt(i + 1)!);
        const c = n.codePointAt(0)!;
        if (!((c >= 0x21 && c <= 0x7e) || c >= 0x80 || n === " " || n === "\t")) return null;
        out += n;
        i += 1 + n.length;
        continue;
      }
      const c = ch.codePointAt(0)!;
      if (!((c >= 0x21 && c <= 0x7e) || c >= 0x80 || ch === " " || ch === "\t")) return null;
      out += ch;
      i += ch.length;
    }
    this.s = this.s.slice(i + 1);
    return out;
  }
  consumeDomainLiteral(): string | null {
    // s starts with '['
    const end = this.s.indexOf("]");
    if (end < 0) return null;
    const inner = this.s.slice(1, end);
    if (!goParseIP(inner)) return null;
    this.s = this.s.slice(end + 1);
    return "[" + inner + "]";
  }
  consumeAddrSpec(): string | null {
    const orig = this.s;
    const fail = (): null => {
      this.s = orig;
      return null;
    };
    this.skipSpace();
    if (this.empty()) return fail();
    let local: string | null;
    if (this.s[0] === '"') {
      local = this.consumeQuotedString();
      if (local === "") local = null;
    } else local = this.consumeAtom(true, false);
    if (local === null) return fail();
    if (!this.consume("@")) return fail();
    this.skipSpace();
    if (this.empty()) return fail();
    const domain = this.s[0] === "[" ? this.consumeDomainLiteral() : this.consumeAtom(true, false);
    if (domain === null) return fail();
    return local + "@" + domain;
  }
  consumePhrase(): boolean {
    let words = 0;
    for (;;) {
      if (!this.skipCFWS()) return false;
      if (this.empty()) break;
      let w: string | null;
      if (this.s[0] === '"') w = this.consumeQuotedString();
      else w = this.consumeAtom(true, true);
      if (w === null) break;
      words++;
    }
    return words > 0;
  }
}

/** strfmt IsEmail: mail.ParseAddress succeeds with a non-empty address. */
export function isEmail(str: string): boolean {
  const p = new MailParser(str);
  p.skipSpace();
  if (p.empty()) return false;
  let spec = p.consumeAddrSpec();
  if (spec !== null) {
    p.skipSpace();
    if (!p.empty() && p.s[0] === "(") {
      if (!p.skipComment()) return false;
    }
  } else {
    if (p.s[0] !== "<" && !p.consumePhrase()) return false;
    p.skipSpace();
    if (!p.consume("<")) return false;
    spec = p.consumeAddrSpec();
    if (spec === null) return false;
    if (!p.consume(">")) return false;
  }
  if (!p.skipCFWS()) return false;
  return p.empty() && spec !== "";
}
