/**
 * The real Gemini summarizer, loaded on demand. `@google/genai` is an optional peer dependency:
 * deterministic runs never need it, so a user who never asks for `--real-summarizer` never installs
 * it. Asking for it without the package is bad input with the fix in the message, not a module
 * resolution stack trace.
 */
import { GeminiSummarizerConfigError } from './gemini-summarizer-config-error.ts';

type GeminiSummarizerModule = typeof import('./gemini-summarizer.ts');

export async function loadGeminiSummarizer(): Promise<GeminiSummarizerModule> {
  try {
    return await import('./gemini-summarizer.ts');
  } catch (error) {
    if (isMissingGenai(error)) {
      throw new GeminiSummarizerConfigError(
        'the real summarizer needs the optional peer dependency @google/genai: npm install --save-dev @google/genai',
      );
    }
    throw error;
  }
}

function isMissingGenai(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && error.message.includes('@google/genai');
}
