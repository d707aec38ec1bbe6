import { parse } from "@bufbuild/cel";
const show = (s) => { try { const r = parse(s); const pos = r.sourceInfo.positions;
 const walk = (e, d) => { const k = e.exprKind; let desc = k.case; const v = k.value;
  if (k.case==='identExpr') desc += ' '+v.name; if (k.case==='callExpr') desc += ' '+v.function; if (k.case==='selectExpr') desc += ' .'+v.field+(v.testOnly?' test':'');
  if (k.case==='constExpr') desc += ' '+String(v.constantKind.value);
  console.log('  '.repeat(d)+e.id+' @'+pos[e.id.toString()]+' '+desc);
  if (k.case==='callExpr'){ if (v.target) walk(v.target,d+1); v.args.forEach(a=>walk(a,d+1)); }
  if (k.case==='selectExpr') walk(v.operand,d+1);
  if (k.case==='listExpr') v.elements.forEach(a=>walk(a,d+1));
  if (k.case==='structExpr') v.entries.forEach(en=>{ console.log('  '.repeat(d+1)+'entry '+en.id+' @'+pos[en.id.toString()]); if (en.keyKind.case==='mapKey') walk(en.keyKind.value,d+2); walk(en.value,d+2);});
  if (k.case==='comprehensionExpr'){ console.log('  '.repeat(d+1)+'iter '+v.iterVar+' accu '+v.accuVar); walk(v.iterRange,d+1); walk(v.accuInit,d+1); walk(v.loopCondition,d+1); walk(v.loopStep,d+1); walk(v.result,d+1);} };
 console.log(s); walk(r.expr,0); console.log(JSON.stringify(r.sourceInfo.lineOffsets)); } catch (e) { console.log(s, 'ERR', e.message); } };
for (const s of process.argv.slice(2)) show(s);
