/**
 * Files at a git ref, read with git itself (`git rev-parse`, `git ls-tree`, `git cat-file --batch`, `git grep`), for
 * `lint --against REF` and `diff --against REF`: the OLD side of a revision. Never writes to the repository.
 */
import { execFileSync } from "node:child_process";
import { relative, resolve, sep } from "node:path";

/** git could not give the files: the message is one line, and says how to get the ref when it is missing. */
export class GitRefError extends Error {
  override name = "GitRefError";
}

const MAX_BUFFER = 1024 * 1024 * 1024;

function git(cwd: string, args: readonly string[], input?: string): Buffer {
  return execFileSync("git", args, { cwd, input, maxBuffer: MAX_BUFFER, stdio: ["pipe", "pipe", "pipe"] });
}

function gitText(cwd: string, args: readonly string[]): string | null {
  try {
    return git(cwd, args).toString("utf8").trim();
  } catch {
    return null;
  }
}

/** How to fetch a ref that is missing: `origin/main` → `git fetch origin main`; a tag or a SHA → from origin. */
export function fetchHint(ref: string, shallow: boolean): string {
  // A relative ref (HEAD~1, main^) names history: a shallow clone needs its history deepened, not a ref fetched.
  if (/[~^]/.test(ref) || ref.startsWith("HEAD")) return shallow ? "fetch the history first: git fetch --unshallow (in GitHub Actions, actions/checkout with fetch-depth: 0)" : "check the ref (git log --oneline names the commits)";
  const depth = shallow ? " --depth=50" : "";
  const slash = ref.indexOf("/");
  const remoteBranch = slash > 0 && !ref.startsWith("refs/") ? { remote: ref.slice(0, slash), branch: ref.slice(slash + 1) } : null;
  const fetch = remoteBranch ? `git fetch${depth} ${remoteBranch.remote} ${remoteBranch.branch}` : `git fetch${depth} origin ${ref}`;
  return `fetch it first: ${fetch}${shallow ? " (this is a shallow clone; in GitHub Actions, actions/checkout with fetch-depth: 0 fetches the history)" : ""}`;
}

export interface GitTree {
  /** The repository's top directory. */
  root: string;
  /** The commit the ref names. */
  commit: string;
  ref: string;
}

/** Resolves `ref` to a commit in the repository around `cwd`, or throws GitRefError with a one-line fix. */
export function resolveGitRef(cwd: string, ref: string): GitTree {
  const root = gitText(cwd, ["rev-parse", "--show-toplevel"]);
  if (root === null) throw new GitRefError(`--against ${ref}: not a directory, and ${cwd} is not inside a git repository (give a directory, or run crdlint in a git checkout)`);
  if (ref.startsWith("-")) throw new GitRefError(`--against ${ref}: not a git ref`);
  const commit = gitText(cwd, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
  if (commit === null || commit === "") {
    const shallow = gitText(cwd, ["rev-parse", "--is-shallow-repository"]) === "true";
    throw new GitRefError(`--against ${ref}: no such commit in this repository${shallow ? " (a shallow clone)" : ""}; ${fetchHint(ref, shallow)}`);
  }
  return { root, commit, ref };
}

const CRD_FILE = /\.(ya?ml|json)$/i;
const GLOB = /[*?[\]{}]/;

/**
 * The YAML and JSON files at the commit under `paths` (as given on the command line, relative to `cwd`; none: all of
 * `cwd`), as paths relative to the repository's top.
 */
export function listFilesAt(tree: GitTree, cwd: string, paths: readonly string[]): string[] {
  const specs = (paths.length ? paths : ["."]).filter((p) => p !== "-").map((p) => (GLOB.test(p) ? `:(glob)${toPosix(relative(tree.root, resolve(cwd, p)))}` : `:(top)${toPosix(relative(tree.root, resolve(cwd, p))) || "."}`));
  if (specs.length === 0) return [];
  const out = git(tree.root, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", tree.commit, "--", ...specs]).toString("utf8");
  return out.split("\0").filter((f) => f !== "" && CRD_FILE.test(f));
}

/** Files at the commit (anywhere in the tree) that mention CustomResourceDefinition: where moved CRDs are found. */
export function crdFilesAt(tree: GitTree): string[] {
  try {
    const out = git(tree.root, ["grep", "-z", "-l", "-I", "-F", "CustomResourceDefinition", tree.commit, "--", "*.yaml", "*.yml", "*.json"]).toString("utf8");
    // Lines are `<commit>:<path>`.
    return out
      .split("\0")
      .filter((l) => l !== "")
      .map((l) => l.slice(tree.commit.length + 1))
      .filter((f) => CRD_FILE.test(f));
  } catch (e) {
    // git grep exits 1 when nothing matches.
    if ((e as { status?: number }).status === 1) return [];
    throw e;
  }
}

/** The texts of files at the commit (`git cat-file --batch`), by path relative to the repository's top. */
export function readFilesAt(tree: GitTree, files: readonly string[], maxFileSizeBytes: number): Map<string, string | { tooLarge: number }> {
  const out = new Map<string, string | { tooLarge: number }>();
  if (files.length === 0) return out;
  const buf = git(tree.root, ["cat-file", "--batch"], files.map((f) => `${tree.commit}:${f}`).join("\n") + "\n");
  let at = 0;
  for (const f of files) {
    const nl = buf.indexOf(0x0a, at);
    const header = buf.subarray(at, nl).toString("utf8");
    at = nl + 1;
    const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (!m) continue; // `<name> missing`
    const size = Number(m[2]);
    if (m[1] === "blob") out.set(f, size > maxFileSizeBytes ? { tooLarge: size } : buf.subarray(at, at + size).toString("utf8"));
    at += size + 1;
  }
  return out;
}

/** How the output names a file at a ref: `<ref>:<path relative to cwd>`. */
export function refLabel(tree: GitTree, cwd: string, file: string): string {
  return `${tree.ref}:${toPosix(relative(cwd, resolve(tree.root, file)))}`;
}

function toPosix(p: string): string {
  return sep === "/" ? p : p.split(sep).join("/");
}
