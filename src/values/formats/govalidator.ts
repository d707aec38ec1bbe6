/**
 * The govalidator checks strfmt uses for ISBN and credit card numbers.
 */

export function isISBN(str: string, version: 10 | 13): boolean {
  const s = str.replace(/[\s-]+/g, "");
  if (version === 10) {
    if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(s)) return false;
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += (i + 1) * (s.charCodeAt(i) - 48);
    sum += s[9] === "X" ? 100 : 10 * (s.charCodeAt(9) - 48);
    return sum % 11 === 0;
  }
  if (!/^(?:[0-9]{13})$/.test(s)) return false;
  const factor = [1, 3];
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += factor[i % 2]! * (s.charCodeAt(i) - 48);
  return s.charCodeAt(12) - 48 - ((10 - (sum % 10)) % 10) === 0;
}

const rxCreditCard =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/;

export function isCreditCard(str: string): boolean {
  const s = str.replace(/[^0-9]+/g, "");
  if (!rxCreditCard.test(s)) return false;
  let sum = 0;
  let dbl = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let n = s.charCodeAt(i) - 48;
    if (dbl) {
      n *= 2;
      sum += n >= 10 ? (n % 10) + 1 : n;
    } else sum += n;
    dbl = !dbl;
  }
  return sum % 10 === 0;
}
