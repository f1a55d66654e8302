import type { ChatMessage, ProviderClient } from './base.js';

export class AnthropicClient implements ProviderClient {
  constructor(private readonly model: string, private readonly apiKey: string) {}

  async complete(messages: ChatMessage[]): Promise<string> {
    const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
    return `[${this.model}] system=${system.length} key=${this.apiKey.length}`;
  }
}
