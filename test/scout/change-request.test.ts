/** Which change a question asks about (the verify step makes it in memory), and how the interpretation reads it. */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src/scout/query-analysis.js';

describe('change questions', () => {
  it.each([
    ['what breaks if I add a variant to `LLMKind`?', 'add_variant', 'LLMKind', { kind: 'add_variant' }],
    ['what breaks if I remove `Kind.B`', 'remove', 'Kind.B', { kind: 'remove' }],
    ["what breaks if I remove 'fast' from `Mode`?", 'remove', 'Mode', { kind: 'remove', member: 'fast' }],
    ['what breaks if I delete the member Done from the Status enum?', 'remove', 'Status', { kind: 'remove', member: 'Done' }],
    ['drop LLMKind.Ollama', 'remove', 'LLMKind.Ollama', { kind: 'remove' }],
    ['if I rename `parseConfig` to `loadConfig`, what breaks?', 'rename', 'parseConfig', { kind: 'rename', newName: 'loadConfig' }],
    ['Renaming `Router.route` as `Router.dispatch`', 'rename', 'Router.route', { kind: 'rename', newName: 'dispatch' }],
    ['what breaks if I rename `parseConfig`?', 'rename', 'parseConfig', { kind: 'rename' }],
    ['what breaks if I rename `any` to `anyRenamed`?', 'rename', 'any', { kind: 'rename', newName: 'anyRenamed' }],
    ['what breaks if I add a required parameter to `never`?', 'change_signature', 'never', { kind: 'add_parameter' }],
    ['what breaks if I add a required parameter to `Router.ask`?', 'change_signature', 'Router.ask', { kind: 'add_parameter' }],
    ['add an optional timeout parameter to createClient', 'change_signature', 'createClient', { kind: 'add_parameter', optional: true }],
    ['what breaks if I make `Config.timeout` optional?', 'change_signature', 'Config.timeout', { kind: 'make_optional' }],
    ['what breaks if I change the type of `Options.retries` to string?', 'change_signature', 'Options.retries', { kind: 'change_type', newType: 'string' }],
    ['if I change the type of `Options.retries` to `number | null`', 'change_signature', 'Options.retries', { kind: 'change_type', newType: 'number | null' }],
    // A name in backticks that is a change word is a name: it says nothing about the change.
    ['what breaks if I add a required parameter to `node_data.remove`?', 'change_signature', 'node_data.remove', { kind: 'add_parameter' }],
    ['what breaks if I change the type of `Parser.drop_args` to `int`?', 'change_signature', 'Parser.drop_args', { kind: 'change_type', newType: 'int' }],
    ['what breaks if I remove `Arg`?', 'remove', 'Arg', { kind: 'remove' }],
    // The new member, when the question names it (in a code span or quotes).
    ['what breaks if I add `lasso` to `ToolType`?', 'add_variant', 'ToolType', { kind: 'add_variant', newMember: 'lasso' }],
    ['what breaks if I add a variant `better-sqlite3` to `DatabaseType`?', 'add_variant', 'DatabaseType', { kind: 'add_variant', newMember: 'better-sqlite3' }],
    ['what breaks if I add the member `PrivateIdentifier` to the `AST_NODE_TYPES` enum?', 'add_variant', 'AST_NODE_TYPES', { kind: 'add_variant', newMember: 'PrivateIdentifier' }],
    ['what breaks if I add `ABNORMAL_CLOSURE = 1006` to `WSCloseCode`?', 'add_variant', 'WSCloseCode', { kind: 'add_variant', newMember: 'ABNORMAL_CLOSURE' }],
    ['what breaks if I add `"lasso"` to ToolType?', 'add_variant', 'ToolType', { kind: 'add_variant', newMember: 'lasso' }],
  ])('%s', (q, intent, target, change) => {
    const a = analyzeQuery(q);
    expect(a.intent).toBe(intent);
    expect(a.target).toBe(target);
    expect(a.change).toEqual(change);
  });

  it.each([
    'change the signature of createClient',
    'remove the second argument of Router.ask',
    'what if pricePerMillion returned a bigint instead: change its return type',
    'can we deprecate `OldApi`?',
    'who calls Router.route',
    'what breaks if I change DEFAULT_MODEL',
  ])('no change a checker can make: %s', (q) => {
    expect(analyzeQuery(q).change).toBeUndefined();
  });

  it('the interpretation says which change is verified', () => {
    expect(analyzeQuery('what breaks if I make `Config.timeout` optional?').interpretation).toMatch(/^Read as: what breaks when `Config.timeout` becomes optional \(it may be undefined\): looking for the reads, assignments and calls that stop type-checking/);
    expect(analyzeQuery('what breaks if I add a required parameter to `Router.ask`?').interpretation).toMatch(/^Read as: what breaks when a required parameter is added to `Router.ask`: looking for the calls that must pass it/);
    expect(analyzeQuery('what breaks if I change the type of `Options.retries` to string?').interpretation).toMatch(/^Read as: what breaks when the type of `Options.retries` becomes `string`/);
    expect(analyzeQuery("what breaks if I remove 'fast' from `Mode`?").interpretation).toMatch(/^Read as: what breaks when `fast` is removed from `Mode`/);
    expect(analyzeQuery('what breaks if I remove `Kind.B`').interpretation).toMatch(/^Read as: what breaks when `Kind.B` is removed/);
  });
});
