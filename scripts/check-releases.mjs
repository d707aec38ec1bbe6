#!/usr/bin/env node
// Fails on a Kubernetes release written outside the release table (src/k8s/releases.ts): what changed at a release is
// read there, by name, and code asks `releaseHas(minor, "name")` (or a feature gate's `enabledByDefault`). Found in
// every src/**/*.ts but the table, by the TypeScript parser (so the order of the operands, parentheses, comments and
// strings do not matter):
//   - a comparison (<, <=, >, >=, ==, ===, !=, !==) of a minor-like operand — an identifier or property whose name
//     ends in "minor" (minor, ctx.minor, this.options.minor, version.minor, targetMinor, minMinor), also with a number
//     added or taken away (minor - 1) — with a number, an UPPER_CASE constant, or a release field of the table's data
//     (.since, .until, .alpha, .onByDefault, .ga, .minMinor, .maxMinor): `minor >= 30`, `30 <= minor`,
//     `ctx.minor > 29`, `minor < FOO_MINOR`, `minor >= gate.onByDefault`, `minor >= r.minMinor`;
//   - a `case 30:` of a `switch` on a minor-like value;
//   - a constant named like a release (…_MINOR, …_MINOR_…, …RELEASE…) set to a number: `const FOO_MINOR = 35`.
// A rule's `minMinor`/`maxMinor` and a CRD field's `since`/`until` are data, not comparisons: the engine and the
// decoder judge them with the table's inReleaseRange.
// Usage: node scripts/check-releases.mjs [root]   (root defaults to this repository; its src/ is scanned)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const TABLE = join("src", "k8s", "releases.ts");

const COMPARISONS = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
]);
const ARITHMETIC = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
]);
const RELEASE_FIELDS = new Set(["since", "until", "alpha", "onByDefault", "ga", "minMinor", "maxMinor"]);
const RELEASE_CONSTANT = /(^|_)(MINORS?|RELEASES?)(_|$)/;

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

function bare(node) {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    node = node.expression;
  return node;
}

function nameOf(node) {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return null;
}

/** minor, ctx.minor, options.minor, minMinor … (not a FOO_MINOR constant), or one of them plus or minus a number. */
function minorLike(node) {
  node = bare(node);
  if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind))
    return (minorLike(node.left) && releaseLike(node.right)) || (releaseLike(node.left) && minorLike(node.right));
  const name = nameOf(node);
  return name !== null && /minor$/i.test(name) && !/^[A-Z][A-Z0-9_]*$/.test(name);
}

/** A number, an UPPER_CASE constant, a release field of the table's data, or arithmetic on them. */
function releaseLike(node) {
  node = bare(node);
  if (ts.isNumericLiteral(node)) return true;
  if (ts.isPrefixUnaryExpression(node)) return releaseLike(node.operand);
  if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind))
    return releaseLike(node.left) && releaseLike(node.right);
  if (ts.isIdentifier(node)) return /^[A-Z][A-Z0-9_]*$/.test(node.text);
  if (ts.isPropertyAccessExpression(node))
    return RELEASE_FIELDS.has(node.name.text) || /^[A-Z][A-Z0-9_]*$/.test(node.name.text);
  return false;
}

function hasNumber(node) {
  if (ts.isNumericLiteral(node)) return true;
  return ts.forEachChild(node, hasNumber) === true;
}

export function checkReleases(root) {
  const problems = [];
  for (const file of walk(join(root, "src"))) {
    const rel = relative(root, file);
    if (rel === TABLE) continue;
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const report = (node, what) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      problems.push(`${rel.split(sep).join("/")}:${line + 1}: ${node.getText(source).replace(/\s+/g, " ")}: ${what}`);
    };
    const visit = (node) => {
      if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
        const [l, r] = [node.left, node.right];
        if (
          (minorLike(l) && releaseLike(r) && !minorLike(r)) ||
          (releaseLike(l) && !minorLike(l) && minorLike(r)) ||
          (minorLike(l) && minorLike(r) && (isReleaseField(l) || isReleaseField(r)))
        )
          report(
            node,
            'compares a release with a number: name the behaviour in src/k8s/releases.ts and ask releaseHas(minor, "<name>")',
          );
      } else if (ts.isSwitchStatement(node) && minorLike(node.expression)) {
        for (const clause of node.caseBlock.clauses)
          if (ts.isCaseClause(clause) && releaseLike(clause.expression))
            report(clause.expression, "a case on a release: name the behaviour in src/k8s/releases.ts");
      } else if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        RELEASE_CONSTANT.test(node.name.text) &&
        node.initializer &&
        hasNumber(node.initializer)
      ) {
        report(node, "a release constant: release numbers live in src/k8s/releases.ts");
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

/** r.minMinor, gate.onByDefault: a release datum, where a second minor-like operand is just another minor. */
function isReleaseField(node) {
  node = bare(node);
  return ts.isPropertyAccessExpression(node) && RELEASE_FIELDS.has(node.name.text);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), ".."));
  const problems = checkReleases(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-releases: ${problems.length} release literal(s) outside ${TABLE.split(sep).join("/")}`);
    process.exit(1);
  }
  console.log(`check-releases: every release in src/ is named in ${TABLE.split(sep).join("/")}`);
}
