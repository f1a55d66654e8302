import { LLMKind, NEEDS_KEY } from './kinds.js';

/** How one model endpoint is configured. The `kind` property carries the LLMKind through the program. */
export interface ModelConfig {
  kind: LLMKind;
  model?: string;
  apiKeyEnv?: string;
  baseUrl?: string;
}

/** Parse a provider name from user input. */
export function parseKind(name: string): LLMKind {
  switch (name.toLowerCase()) {
    case 'openai':
      return LLMKind.OpenAI;
    case 'anthropic':
      return LLMKind.Anthropic;
    case 'ollama':
      return LLMKind.Ollama;
    default:
      throw new Error(`unknown provider ${name}`);
  }
}

export function validateConfig(config: ModelConfig): string[] {
  const problems: string[] = [];
  if (NEEDS_KEY[config.kind] && !config.apiKeyEnv) problems.push(`${config.kind} needs apiKeyEnv`);
  if (config.kind === LLMKind.Ollama && !config.baseUrl) problems.push('ollama needs baseUrl');
  return problems;
}
