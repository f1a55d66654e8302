/** The model providers the router can talk to. Adding one means touching every exhaustive switch. */
export enum LLMKind {
  OpenAI = 'openai',
  Anthropic = 'anthropic',
  Ollama = 'ollama',
}

/** Default model name per provider: a Record keyed by every LLMKind. */
export const DEFAULT_MODEL: Record<LLMKind, string> = {
  [LLMKind.OpenAI]: 'gpt-4o-mini',
  [LLMKind.Anthropic]: 'claude-haiku',
  [LLMKind.Ollama]: 'llama3.2',
};

/** Which providers need an API key. */
export type KeyRequirement = { [K in LLMKind]: boolean };

export const NEEDS_KEY: KeyRequirement = {
  [LLMKind.OpenAI]: true,
  [LLMKind.Anthropic]: true,
  [LLMKind.Ollama]: false,
};

export function assertNever(value: never): never {
  throw new Error(`unhandled variant: ${String(value)}`);
}
