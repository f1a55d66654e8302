import { LLMKind } from './kinds.js';

/** Price per million input tokens in cents. */
export function pricePerMillion(kind: LLMKind): number {
  switch (kind) {
    case LLMKind.OpenAI:
      return 15;
    case LLMKind.Anthropic:
      return 25;
    case LLMKind.Ollama:
      return 0;
  }
}

export function label(kind: LLMKind): string {
  return kind === LLMKind.Ollama ? 'local' : 'hosted';
}
