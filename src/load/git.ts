/**
 * Files at a git ref, read with git itself (`git rev-parse`, `git ls-tree`, `git cat-file --batch`, `git grep`), for
 * `lint --against REF` and `diff --against REF`: the OLD side of a revision. Never writes to the repository.
 */
import { execFileSync } from "node:child_process";
import { relative, resolve, sep } from "node:path";
import { minimatch } from "minimatch";

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

/**
 * How to fetch a ref that is missing. `git fetch origin main` alone only fills FETCH_HEAD in a single-branch clone
 * (`git clone --depth 1` is one), so a shallow clone is told the refspec that creates `origin/main`; a release tag
 * (`v1.2.0`, `1.2.0`) is fetched with `tag`, which creates it (a plain fetch by name does not).
 */
export function fetchHint(ref: string, shallow: boolean): string {
  // A relative ref (HEAD~1, main^) names history: a shallow clone needs its history deepened, not a ref fetched.
  if (/[~^]/.test(ref) || ref.startsWith("HEAD"))
    return shallow
      ? "fetch the history first: git fetch --unshallow (in GitHub Actions, actions/checkout with fetch-depth: 0)"
      : "check the ref (git log --oneline names the commits)";
  const depth = shallow ? " --depth=50" : "";
  const slash = ref.indexOf("/");
  const remoteBranch =
    slash > 0 && !ref.startsWith("refs/") ? { remote: ref.slice(0, slash), branch: ref.slice(slash + 1) } : null;
  const fetch = remoteBranch
    ? `git fetch${depth} ${remoteBranch.remote} ${remoteBranch.branch}${shallow ? `:refs/remotes/${ref}` : ""}`
    : RELEASE_TAG.test(ref)
      ? `git fetch${depth} origin tag ${ref}`
      : `git fetch${depth} origin ${ref}`;
  return `fetch it first: ${fetch}${shallow ? " (this is a shallow clone; in GitHub Actions, actions/checkout with fetch-depth: 0 fetches the history)" : ""}`;
}

/** A ref named like a release tag (v1.2.0, 1.2, v2.0.0-rc.1). */
const RELEASE_TAG = /^v?\d+(\.\d+)+([-+][0-9A-Za-z.-]+)?$/;

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
  if (root === null)
    throw new GitRefError(
      `--against ${ref}: not a directory, and ${cwd} is not inside a git repository (give a directory, or run crdlint in a git checkout)`,
    );
  if (ref.startsWith("-")) throw new GitRefError(`--against ${ref}: not a git ref`);
  const commit = gitText(cwd, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
  if (commit === null || commit === "") {
    const shallow = gitText(cwd, ["rev-parse", "--is-shallow-repository"]) === "true";
    throw new GitRefError(
      `--against ${ref}: no such commit in this repository${shallow ? " (a shallow clone)" : ""}; ${fetchHint(ref, shallow)}`,
    );
  }
  return { root, commit, ref };
}

const CRD_FILE = /\.(ya?ml|json)$/i;
const GLOB = /[*?[\]{}]/;

/** What NEW's walk of a directory leaves out (src/load/files.ts: dotfiles, dot-directories, node_modules): so does OLD's. */
const SKIPPED_DIR = /(^|\/)(\.|node_modules\/)/;

/**
 * The YAML and JSON files at the commit under each of `paths` (as given on the command line, relative to `cwd`;
 * none: all of `cwd`), as paths relative to the repository's top, with the index of the path that named them (a file
 * two paths name belongs to the first). Under a directory, dot-directories and node_modules are left out, as NEW's
 * walk leaves them out.
 */
export function listFilesAt(tree: GitTree, cwd: string, paths: readonly string[]): { file: string; scope: number }[] {
  const named = paths.length ? paths : ["."];
  const out: { file: string; scope: number }[] = [];
  const seen = new Set<string>();
  named.forEach((p, scope) => {
    if (p === "-") return;
    const rel = toPosix(relative(tree.root, resolve(cwd, p)));
    // A glob is matched here, as NEW's globs are (a file it matches, or a file under a directory it matches:
    // `charts/*/crds`): `git ls-tree` takes no `:(glob)` pathspec. The repository's top is the whole tree:
    // `git ls-tree` lists nothing for the pathspec `:(top).`.
    const glob = GLOB.test(p);
    const spec = glob || rel === "" ? [] : [`:(top)${rel}`];
    const listed = git(tree.root, [
      "ls-tree",
      "-r",
      "-z",
      "--name-only",
      "--full-tree",
      tree.commit,
      "--",
      ...spec,
    ]).toString("utf8");
    for (const f of listed.split("\0")) {
      if (f === "" || !CRD_FILE.test(f) || seen.has(f)) continue;
      // Only what lies below the named path counts: a named file is taken even in a dot-directory.
      const matched = glob ? globMatch(rel, f) : rel;
      if (matched === null) continue;
      const below =
        matched === "" || matched === "." ? f : f.startsWith(`${matched}/`) ? f.slice(matched.length + 1) : null;
      if (below !== null && SKIPPED_DIR.test(below)) continue;
      seen.add(f);
      out.push({ file: f, scope });
    }
  });
  return out;
}

/** The part of `file` a glob matches (the file itself, or the directory above it that the glob names), or null. */
function globMatch(pattern: string, file: string): string | null {
  if (minimatch(file, pattern)) return file;
  const parts = file.split("/");
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join("/");
    if (minimatch(dir, pattern)) return dir;
  }
  return null;
}

/**
 * Files at the commit (anywhere in the tree) whose text holds one of `words` (`git grep -F`): where a CRD the named
 * paths do not have is looked for, to say where it was.
 */
export function filesMentioningAt(tree: GitTree, words: readonly string[]): string[] {
  if (words.length === 0) return [];
  try {
    const out = git(tree.root, [
      "grep",
      "-z",
      "-l",
      "-I",
      "-F",
      ...words.flatMap((w) => ["-e", w]),
      tree.commit,
      "--",
      "*.yaml",
      "*.yml",
      "*.json",
    ]).toString("utf8");
    // Each line is `<commit>:<path>`.
    return out
      .split("\0")
      .filter((l) => l !== "")
      .map((l) => l.slice(tree.commit.length + 1));
  } catch (e) {
    // git grep exits 1 when nothing matches.
    if ((e as { status?: number }).status === 1) return [];
    throw e;
  }
}

/** The texts of files at the commit (`git cat-file --batch`), by path relative to the repository's top. */
export function readFilesAt(
  tree: GitTree,
  files: readonly string[],
  maxFileSizeBytes: number,
): Map<string, string | { tooLarge: number }> {
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
    if (m[1] === "blob")
      out.set(f, size > maxFileSizeBytes ? { tooLarge: size } : buf.subarray(at, at + size).toString("utf8"));
    at += size + 1;
  }
  return out;
}

/** How the output names a file at a ref: `<ref>:<path relative to cwd>`. */
export function refLabel(tree: GitTree, cwd: string, file: string): string {
  return `${tree.ref}:${worktreePath(tree, cwd, file)}`;
}

/** The path a pull request shows for a file of the tree (relative to `cwd`, as NEW's files are named). */
export function worktreePath(tree: GitTree, cwd: string, file: string): string {
  return toPosix(relative(cwd, resolve(tree.root, file)));
}

/** A file of the working tree as a path relative to the repository's top: what pairs it with a file at the ref. */
export function repoPath(tree: GitTree, cwd: string, file: string): string {
  return toPosix(relative(tree.root, resolve(cwd, file)));
}

/** Forward slashes, as git names files. */
export function toPosix(p: string): string {
  return sep === "/" ? p : p.split(sep).join("/");
}
