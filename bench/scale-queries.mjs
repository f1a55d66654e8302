// The query list of bench/scale.mjs: code that is in every tier of the scale corpus.
export const QUERIES = [
  'createConnection', 'BaseModel', 'useMachine', 'safeParse', 'ZodObject', 'click.option', 'AsyncClient', 'attr.s', 'field_validator', 'QueryBuilder',
  'retry request with backoff', 'parse query string', 'validate email field', 'format help text for a command', 'read response body as json',
  'merge two schemas', 'convert camel case to snake case', 'timeout for http request', 'render a table in the terminal', 'register a route handler',
];

