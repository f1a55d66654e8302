/**
 * Which change a question asks about, for the verify step: the language-neutral ChangeSpec a checker can
 * make ("remove `Kind.B`" → remove; "rename `parseConfig` to `loadConfig`" → rename to loadConfig; "add a
 * required parameter to `Router.ask`" → add_parameter; "make `Config.timeout` optional" → make_optional;
 * "change the type of `Options.retries` to string" → change_type to `string`), read after the intent.
 *
 * Only what the question says: a change it does not spell out (a parameter removed or reordered, a
 * return type changed, a deprecation) is no ChangeSpec, and the answer stays the exploration's.
 * Pure: no I/O.
 */
import type { ChangeSpec } from './verify/checker.js';
import type { Intent } from './intent.js';

export interface RequestedChange {
  change: ChangeSpec;
  /** The declaration to change, when the question names it apart from the member ("remove `B` from `Kind`" → Kind). */
  target: string | null;
}

const NAME = String.raw`(?:\`[^\`\n]+\`|'[^'\n]+'|"[^"\n]+"|[A-Za-z_$][\w$.]*)`;
/** "remove [the] `fast` [literal] from [the] `Mode` [type]": the member and its owner. */
const MEMBER_FROM = new RegExp(String.raw`\b(?:remove|removing|delete|deleting|drop|dropping|eliminate|eliminating)\s+(?:the\s+)?(?:(?:member|variant|literal|value|case|property|field|key)\s+)?(${NAME})\s+(?:(?:member|variant|literal|value|case|property|field|key)\s+)?from\s+(?:the\s+)?(${NAME})`, 'i');
/** "add [a new] [variant] `lasso` [= 'x'] to [the] `ToolType`": the new member, quoted or in a code span. */
const MEMBER_TO = /\badd(?:s|ing)?\s+(?:(?:an?|the)\s+)?(?:new\s+)?(?:(?:variant|member|case|value|literal|kind|option|entry|constant)\s+)?(`[^`\n]+`|'[^'\n]+'|"[^"\n]+")\s+(?:(?:variant|member|case|value|literal)\s+)?(?:=\s*\S+\s+)?(?:to|into)\b/i;
const REMOVAL = /\b(?:remove|removes|removing|removed|delete|deletes|deleting|deleted|drop|drops|dropping|get\s+rid\s+of|eliminat\w*)\b/i;
const ADD_PARAMETER = /\badd(?:s|ing|ed)?\b[^.?!]*?\b(?:(optional)\s+)?(?:[\w$`]+\s+)?(?:param(?:eter)?|arg(?:ument)?)s?\b/i;
const OTHER_SIGNATURE = /\b(?:remov\w*|drop\w*|reorder\w*|renam\w*|swap\w*|return\s+types?)\b/i;
/** Within one sentence: a dot inside a dotted name (`Config.timeout`) does not end it. */
export const MAKE_OPTIONAL = /\bmak(?:e|es|ing)\b(?:[^.?!]|\.(?=[\w$]))*\b(?:optional|nullable)\b/i;
export const CHANGE_TYPE = /\bchang(?:e|es|ing|ed)\b[^.?!]*\btypes?\b/i;

const unquote = (s: string): string => s.trim().replace(/^`([^`]*)`$/, '$1').replace(/^(['"])(.*)\1$/, '$2');
const lastSegment = (s: string): string => s.split(/\.|::/).pop() ?? s;

/** "… to string", "… to `number | null`", "… to a string": the new type after the target, or undefined. */
function newTypeAfter(text: string, target: string | null): string | undefined {
  const at = target ? text.indexOf(target) : -1;
  const rest = at >= 0 ? text.slice(at + target!.length) : text;
  const m = /\b(?:to|into|as)\s+(?:(?:an?|the)\s+)?(`[^`\n]+`|[^\s?!,;]+)/i.exec(rest.replace(/^`/, ''));
  const raw = m?.[1];
  if (!raw) return undefined;
  return raw.startsWith('`') ? unquote(raw) : raw.replace(/\.+$/, '');
}

/**
 * The change `text` asks about, given how it was read (intent, target, new name); null when it asks no
 * change a checker can make.
 */
export function requestedChange(text: string, intent: Intent, target: string | null, newName: string | null): RequestedChange | null {
  // The words that say which change, read outside code spans: "add a parameter to `cache.remove`" removes nothing.
  const words = text.replace(/`[^`\n]+`/g, ' X ');
  if (intent === 'add_variant') {
    const named = MEMBER_TO.exec(text)?.[1];
    const member = named ? unquote(unquote(named)) : null;
    return { change: { kind: 'add_variant', ...(member && member !== target ? { newMember: member.replace(/\s*=.*$/, '') } : {}) }, target };
  }
  if (intent === 'rename') return { change: { kind: 'rename', ...(newName ? { newName: lastSegment(newName) } : {}) }, target };
  if (intent === 'remove') {
    if (!REMOVAL.test(words)) return null; // "deprecate": nothing stops compiling
    const m = MEMBER_FROM.exec(text);
    if (m?.[1] && m[2]) return { change: { kind: 'remove', member: lastSegment(unquote(m[1])) }, target: unquote(m[2]) };
    return { change: { kind: 'remove' }, target };
  }
  if (intent !== 'change_signature') return null;
  if (MAKE_OPTIONAL.test(words)) return { change: { kind: 'make_optional' }, target };
  const add = ADD_PARAMETER.exec(words);
  if (add && !OTHER_SIGNATURE.test(words)) return { change: { kind: 'add_parameter', ...(add[1] ? { optional: true } : {}) }, target };
  if (CHANGE_TYPE.test(words) && !/\breturn\s+types?\b/i.test(words)) {
    const newType = newTypeAfter(text, target);
    return { change: { kind: 'change_type', ...(newType ? { newType } : {}) }, target };
  }
  return null;
}

/** How the interpretation reads a change that the intent's own reading would describe too loosely (null: the intent's reading). */
export function changeReading(change: ChangeSpec, subject: string): { reading: string; lookingFor: string } | null {
  const lookingFor = 'the reads, assignments and calls that stop type-checking, and the uses that compile but may behave differently';
  switch (change.kind) {
    case 'remove':
      return change.member ? { reading: `what breaks when \`${change.member}\` is removed from ${subject}`, lookingFor: 'every use, pattern and key of that member that stops compiling without it' } : null;
    case 'add_parameter':
      return { reading: `what breaks when ${change.optional ? 'an optional' : 'a required'} parameter is added to ${subject}`, lookingFor: 'the calls that must pass it, and the implementations and overrides that must follow' };
    case 'change_type':
      return { reading: `what breaks when the type of ${subject} ${change.newType ? `becomes \`${change.newType}\`` : 'changes (the question gives no new type)'}`, lookingFor };
    case 'make_optional':
      return { reading: `what breaks when ${subject} becomes optional (it may be undefined)`, lookingFor };
    default:
      return null;
  }
}

/** How the answer's summary names the change: "Removing `Kind.B`" … "when `Kind.B` is removed". */
export function changePhrases(change: ChangeSpec, target: string): { doing: string; when: string; after: string } {
  const t = `\`${target}\``;
  switch (change.kind) {
    case 'add_variant':
      return { doing: `Adding a variant to ${t}`, when: `when ${t} gains a variant`, after: 'treat the new variant wrongly' };
    case 'remove':
      return change.member
        ? { doing: `Removing \`${change.member}\` from ${t}`, when: `when \`${change.member}\` is removed from ${t}`, after: 'still expect the removed member' }
        : { doing: `Removing ${t}`, when: `when ${t} is removed`, after: 'still expect it' };
    case 'rename':
      return { doing: `Renaming ${t}${change.newName ? ` to \`${change.newName}\`` : ''}`, when: `when ${t} is renamed`, after: 'still name it by its old name in text (strings, docs, configuration)' };
    case 'add_parameter':
      return { doing: `Adding ${change.optional ? 'an optional' : 'a required'} parameter to ${t}`, when: `when ${t} gains ${change.optional ? 'an optional' : 'a required'} parameter`, after: 'call it in ways the checker cannot see' };
    case 'change_type':
      return { doing: `Changing the type of ${t}${change.newType ? ` to \`${change.newType}\`` : ''}`, when: `when ${t} changes type`, after: 'treat the new type wrongly' };
    case 'make_optional':
      return { doing: `Making ${t} optional`, when: `when ${t} becomes optional`, after: 'treat a missing value wrongly' };
  }
}
