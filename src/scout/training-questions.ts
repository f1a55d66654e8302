/**
 * Questions for training data, generated from the repository's exported types and
 * functions (facts from the index): add a variant to each enum / union type, change
 * the signature of each function, find the usages of each class or interface.
 */
import type { IndexDb } from '../index/db.js';
import { exportedTopLevelTypesAndFunctions } from '../index/read/definitions.js';

export function trainingQuestions(db: IndexDb, count: number): string[] {
  const rows = exportedTopLevelTypesAndFunctions(db);
  const questions: string[] = [];
  for (const { name, kind } of rows) {
    if (kind === 'enum' || kind === 'type_alias' || kind === 'data_type') questions.push(`what breaks if I add a variant to \`${name}\`?`);
    else if (kind === 'function') questions.push(`what breaks if I change the signature of \`${name}\`?`);
    else questions.push(`where is \`${name}\` used?`);
  }
  // Interleave kinds so a small N still covers each kind of question.
  const byKind = [questions.filter((q) => q.includes('variant')), questions.filter((q) => q.includes('signature')), questions.filter((q) => q.startsWith('where'))];
  const mixed: string[] = [];
  for (let i = 0; mixed.length < questions.length; i++) for (const list of byKind) if (list[i]) mixed.push(list[i] as string);
  return mixed.slice(0, Math.max(0, count));
}
