/** What a question asks for: the intents query analysis tells apart (each has a profile of relations to follow). */
export const INTENTS = ['add_variant', 'remove', 'rename', 'change_signature', 'find_usages', 'explain', 'locate'] as const;
export type Intent = (typeof INTENTS)[number];
