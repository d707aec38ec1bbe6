/**
 * IP, CIDR and MAC address parsers as Go's net package parses them (golang/go src/net/ip.go ParseIP, the pre-1.17
 * parser k8s.io/utils/net keeps as ParseIPSloppy, src/net/mac.go ParseMAC).
 */

function parseDec(s: string, i: number, sloppy: boolean): { n: number; next: number } | null {
  let j = i;
  let n = 0;
  while (j < s.length && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) {
    n = n * 10 + (s.charCodeAt(j) - 48);
    if (n >= 0xffffff) return null;
    j++;
  }
  if (j === i) return null;
  if (!sloppy) {
    // Go 1.17+: at most 3 digits, no leading zero.
    if (j - i > 3) return null;
    if (j - i > 1 && s.charCodeAt(i) === 48) return null;
  }
  return { n, next: j };
}

function parseIPv4(s: string, sloppy: boolean): boolean {
  let i = 0;
  for (let part = 0; part < 4; part++) {
    if (i >= s.length) return false;
    if (part > 0) {
      if (s[i] !== ".") return false;
      i++;
    }
    const d = parseDec(s, i, sloppy);
    if (!d || d.n > 0xff) return false;
    i = d.next;
  }
  return i === s.length;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function parseIPv6(s: string, sloppy: boolean): boolean {
  let groups = 0;
  let ellipsis = -1;
  let i = 0;
  if (s.length >= 2 && s[0] === ":" && s[1] === ":") {
    ellipsis = 0;
    i = 2;
    if (i === s.length) return true;
  }
  while (groups < 8) {
    // hex group
    let j = i;
    while (j < s.length && isHex(s.charCodeAt(j))) j++;
    if (j === i) return false;
    // Go 1.17+ (netip): at most 4 hex digits; the old parser only bounds the value.
    if (sloppy ? parseInt(s.slice(i, Math.min(j, i + 8)), 16) > 0xffff || j - i > 8 : j - i > 4) {
      if (!(j < s.length && s[j] === ".")) return false;
    }
    // an embedded IPv4 address at the end
    if (j < s.length && s[j] === ".") {
      if (ellipsis < 0 && groups !== 6) return false;
      if (groups + 2 > 8) return false;
      if (!parseIPv4(s.slice(i), sloppy)) return false;
      groups += 2;
      i = s.length;
      break;
    }
    groups++;
    i = j;
    if (i === s.length) break;
    if (s[i] !== ":" || i + 1 === s.length) return false;
    i++;
    if (s[i] === ":") {
      if (ellipsis >= 0) return false;
      ellipsis = groups;
      i++;
      if (i === s.length) break;
    }
  }
  if (i !== s.length) return false;
  if (groups < 8) {
    if (ellipsis < 0) return false;
  } else if (ellipsis >= 0) return false;
  return true;
}

/** net.ParseIP (Go 1.17+: leading zeros in IPv4 parts rejected, no zones). */
export function goParseIP(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ".") return parseIPv4(s, false);
    if (s[i] === ":") return parseIPv6(s, false);
  }
  return false;
}

/** k8s.io/utils/net ParseIPSloppy: the pre-1.17 parser (leading zeros accepted). */
export function goParseIPSloppy(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ".") return parseIPv4(s, true);
    if (s[i] === ":") return parseIPv6(s, true);
  }
  return false;
}

/** ParseCIDRSloppy. */
export function goParseCIDRSloppy(s: string): boolean {
  const slash = s.indexOf("/");
  if (slash < 0) return false;
  const addr = s.slice(0, slash);
  const mask = s.slice(slash + 1);
  let bits = 32;
  if (!parseIPv4(addr, true)) {
    bits = 128;
    if (!parseIPv6(addr, true)) return false;
  }
  const d = parseDec(mask, 0, true);
  if (!d || d.next !== mask.length) return false;
  return d.n <= bits;
}

/** net.ParseMAC: 6, 8 or 20 octets as aa:bb:…, aa-bb-… or aabb.ccdd.… */
export function goParseMAC(s: string): boolean {
  if (s.length < 14 || /[^\x00-\x7f]/.test(s)) return false;
  const hex2 = (i: number) => isHex(s.charCodeAt(i)) && isHex(s.charCodeAt(i + 1));
  if (s[2] === ":" || s[2] === "-") {
    if ((s.length + 1) % 3 !== 0) return false;
    const n = (s.length + 1) / 3;
    if (n !== 6 && n !== 8 && n !== 20) return false;
    for (let i = 0, x = 0; i < n; i++, x += 3) {
      if (!hex2(x)) return false;
      if (x + 2 < s.length && s[x + 2] !== s[2]) return false;
    }
    return true;
  }
  if (s[4] === ".") {
    if ((s.length + 1) % 5 !== 0) return false;
    const n = (2 * (s.length + 1)) / 5;
    if (n !== 6 && n !== 8 && n !== 20) return false;
    for (let i = 0, x = 0; i < n; i += 2, x += 5) {
      if (!hex2(x) || !hex2(x + 2)) return false;
      if (x + 4 < s.length && s[x + 4] !== ".") return false;
    }
    return true;
  }
  return false;
}
