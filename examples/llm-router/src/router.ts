import { LLMKind, DEFAULT_MODEL, assertNever } from './kinds.js';
import type { ModelConfig } from './config.js';
import type { ChatMessage, ProviderClient } from './providers/base.js';
import { AnthropicClient } from './providers/anthropic.js';
import { OllamaClient } from './providers/ollama.js';
import { OpenAIClient } from './providers/openai.js';

/** Builds the client for a config. Exhaustive over LLMKind: a new kind fails to compile here. */
export function createClient(config: ModelConfig): ProviderClient {
  const model = config.model ?? DEFAULT_MODEL[config.kind];
  switch (config.kind) {
    case LLMKind.OpenAI:
      return new OpenAIClient(model, readKey(config));
    case LLMKind.Anthropic:
      return new AnthropicClient(model, readKey(config));
    case LLMKind.Ollama:
      return new OllamaClient(model, config.baseUrl ?? 'http://127.0.0.1:11434');
    default:
      return assertNever(config.kind);
  }
}

function readKey(config: ModelConfig): string {
  const name = config.apiKeyEnv ?? `${config.kind.toUpperCase()}_API_KEY`;
  return process.env[name] ?? '';
}

/** Routes a conversation to the first configured provider that answers. */
export class Router {
  private readonly clients = new Map<LLMKind, ProviderClient>();

  constructor(private readonly configs: ModelConfig[]) {
    for (const config of configs) this.clients.set(config.kind, createClient(config));
  }

  async ask(messages: ChatMessage[]): Promise<string> {
    for (const config of this.configs) {
      const client = this.clients.get(config.kind);
      if (!client) continue;
      try {
        return await client.complete(messages);
      } catch (error) {
        if (config.kind === LLMKind.Ollama) continue;
        throw error;
      }
    }
    throw new Error('no provider answered');
  }
}
