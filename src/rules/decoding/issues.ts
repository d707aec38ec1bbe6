/** Runs the strict decoder once per CRD (shared by the decoding rules through ctx.memo). */
import type { MessageData, RuleContext } from "../define-rule.js";
import { MemoKey } from "../../crd/memo.js";
import type { DecodeIssue, DecodeIssueKind } from "../../crd/decode.js";
import { DualPath } from "../../k8s/path.js";

const MEMO_KEY = new MemoKey<DecodeIssue[]>("decoding:issues");

export function decodeIssues(ctx: RuleContext): readonly DecodeIssue[] {
  let issues = ctx.memo.get(MEMO_KEY);
  if (!issues) {
    const decoder = ctx.services.decoder;
    issues = decoder ? decoder.decode(ctx.crd.raw) : [];
    ctx.memo.set(MEMO_KEY, issues);
  }
  return issues;
}

/**
 * Reports every decoder issue of one kind. Decoding sees the v1 object as written: the apiserver path is the written
 * path. The decoder's text passes through verbatim, or, with `wrap`, fills `{{decoderText}}` of the rule's message.
 */
export function reportIssues<M extends string>(
  ctx: RuleContext<M>,
  kind: DecodeIssueKind,
  withValue: boolean,
  wrap?: { messageId: NoInfer<M>; data?: MessageData },
): void {
  for (const issue of decodeIssues(ctx)) {
    if (issue.kind !== kind) continue;
    ctx.report({
      path: new DualPath(issue.path),
      ...(wrap
        ? { messageId: wrap.messageId, data: { ...wrap.data, decoderText: issue.message } }
        : { message: issue.message }),
      ...(withValue && "value" in issue ? { value: issue.value } : {}),
      ...(issue.detail ? { detail: issue.detail } : {}),
      ...(issue.suggestion ? { suggestion: issue.suggestion } : {}),
    });
  }
}
