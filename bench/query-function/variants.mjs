// The two corpora of bench/query-function: each pool function with its docstring (as a documented code base), and
// the same functions with the docstring removed (`--corpus nodoc`): there a query meets only the code's own words, as
// in CoSQA, where plain BM25 reaches 0.32 (0.41 here on dev, 0.61 with docstrings).
export const CORPORA = { docstrings: 'query-function', nodoc: 'query-function-nodoc' };

export function corpusArg(argv = process.argv) {
  const at = argv.indexOf('--corpus');
  const name = at > 0 ? argv[at + 1] : 'docstrings';
  if (!Object.hasOwn(CORPORA, name)) throw new Error(`--corpus ${name}: use ${Object.keys(CORPORA).join(' or ')}`);
  return name;
}

/** The function without its docstring (the first triple-quoted string), replaced by `pass` so it still parses. */
export function withoutDocstring(code) {
  return code.replace(/^([ \t]*)[rRuU]?("""|''')[\s\S]*?\2[ \t]*\n/m, (_, indent) => `${indent}pass\n`);
}
