export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What every provider client implements. */
export interface ProviderClient {
  complete(messages: ChatMessage[]): Promise<string>;
}
