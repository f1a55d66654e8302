/**
 * Where an exploration starts: the definitions a question's name points at, read from a real index. A
 * qualified name matches exactly first, then the end of a longer qualified name (a nested class asked by its
 * own name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../../../src/index/indexer.js';
import { seedDefinitions } from '../../../src/index/read/definitions.js';
import { SqliteStore } from '../../../src/index/store.js';
import { tempRepo, type TempRepo } from '../../helpers/temp-repo.js';

let repo: TempRepo;
let store: SqliteStore;

beforeAll(async () => {
  repo = tempRepo();
  repo.write('src/TypeSpec.java', 'package p;\npublic final class TypeSpec {\n  public static final class Builder {\n    public Builder addType(TypeSpec t) { return this; }\n  }\n}\n');
  repo.write('src/JavaFile.java', 'package p;\npublic final class JavaFile {\n  public static final class Builder {\n    public Builder addFileComment(String s) { return this; }\n  }\n}\n');
  repo.write('src/Builder.java', 'package p;\npublic class Builder {\n  public void addType() {}\n}\n');
  store = SqliteStore.open(repo.root);
  await indexRepository(repo.root, store);
});

afterAll(() => {
  store.close();
  repo.cleanup();
});

describe('seedDefinitions', () => {
  it('a qualified name that is exactly a definition\'s: that one alone', () => {
    expect(seedDefinitions(store.database, 'Builder.addType', true).map((d) => `${d.path}:${d.qualified_name}`)).toEqual(['src/Builder.java:Builder.addType']);
  });

  it('a nested class asked by its own name: the end of the longer qualified name', () => {
    expect(seedDefinitions(store.database, 'Builder.addFileComment', true).map((d) => d.qualified_name)).toEqual(['JavaFile.Builder.addFileComment']);
  });

  it('a suffix matches at a dot only, not inside a name', () => {
    expect(seedDefinitions(store.database, 'uilder.addFileComment', true)).toEqual([]);
  });
});
