import type { ChatMessage, ProviderClient } from './base.js';

export class OpenAIClient implements ProviderClient {
  constructor(private readonly model: string, private readonly apiKey: string) {}

  async complete(messages: ChatMessage[]): Promise<string> {
    return `[${this.model}] ${messages.length} messages (key ${this.apiKey.length} chars)`;
  }
}
