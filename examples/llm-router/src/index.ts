export { LLMKind, DEFAULT_MODEL } from './kinds.js';
export { parseKind, validateConfig, type ModelConfig } from './config.js';
export { Router, createClient } from './router.js';
export * from './pricing.js';
