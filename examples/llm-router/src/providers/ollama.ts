import type { ChatMessage, ProviderClient } from './base.js';

export class OllamaClient implements ProviderClient {
  constructor(private readonly model: string, private readonly baseUrl: string) {}

  async complete(messages: ChatMessage[]): Promise<string> {
    return `[${this.model}@${this.baseUrl}] ${messages.at(-1)?.content ?? ''}`;
  }
}
