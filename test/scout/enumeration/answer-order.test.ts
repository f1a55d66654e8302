/** The order of a change answer: a mirror naming all of many members ranks with the high enumerations. */
import { describe, expect, it } from 'vitest';
import type { Pointer } from '../../../src/scout/answer.js';
import { orderedPointers, STRONG_MIRROR_MEMBERS } from '../../../src/scout/enumeration/answer-order.js';

const site = (location: string, risk: Pointer['risk'], members: number, of: number, mirrors?: 'names' | 'values'): Pointer => ({
  location,
  what: 'x',
  risk,
  relevance: 4,
  action: 'y',
  lists: { members, of, default: false, ...(mirrors ? { mirrors } : {}) },
});

describe('answer order', () => {
  const verified: Pointer = { location: 'src/test.ts:16', what: 'verified by typescript: TS2344', risk: 'high', relevance: 5, action: 'fix this error' };
  const fullMap = site('src/map.ts:6', 'high', 161, 161);
  const partial = site('src/convert.ts:1735', 'medium', 50, 161);
  const bigMirror = site('src/unions/Node.ts:169', 'high', 161, 161, 'names');
  const smallMirror = site('src/theme.ts:102', 'high', 7, 7, 'names');
  const partialMirror = site('src/keys.ts:20', 'medium', 97, 161, 'names');
  const doc = site('docs/nodes.md:3', 'medium', 20, 161);
  const rest: Pointer = { location: 'src/use.ts:9', what: 'a use', risk: 'low', relevance: 2, action: 'z' };

  it('verified, high enumerations, mirrors naming all of many members, other enumerations, other mirrors, docs, the rest', () => {
    const order = orderedPointers({ verified: [verified], enumerations: [fullMap, bigMirror, smallMirror, partial, partialMirror], docs: [doc], tail: [rest] });
    expect(order.map((p) => p.location)).toEqual([verified, fullMap, bigMirror, partial, smallMirror, partialMirror, doc, rest].map((p) => p.location));
  });

  it('a full mirror of fewer members than the threshold stays after every enumeration', () => {
    const justUnder = site('src/list.ts:1', 'high', STRONG_MIRROR_MEMBERS - 1, STRONG_MIRROR_MEMBERS - 1, 'values');
    const atThreshold = site('src/list2.ts:1', 'high', STRONG_MIRROR_MEMBERS, STRONG_MIRROR_MEMBERS, 'values');
    const order = orderedPointers({ verified: [], enumerations: [justUnder, atThreshold, partial], docs: [], tail: [] });
    expect(order.map((p) => p.location)).toEqual([atThreshold, partial, justUnder].map((p) => p.location));
  });

  it('when the question names the new member, the places naming a member like it come right after the high ones', () => {
    const alikeList = site('test/config.ts:7', 'low', 1, 161);
    const order = orderedPointers({ verified: [verified], enumerations: [fullMap, partial, partialMirror], docs: [doc], tail: [rest, alikeList], likeNew: new Set([alikeList.location, doc.location]) });
    // The documentation keeps its place after the code, even when it names such a member.
    expect(order.map((p) => p.location)).toEqual([verified, fullMap, alikeList, partial, partialMirror, doc, rest].map((p) => p.location));
  });
});
