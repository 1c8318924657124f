import type { AiGenerator } from '../../../shared/contracts/ai';

/** What a member should know about the pictures each generator makes (shown beside them). */
export function generatorNotice(generator: AiGenerator): string {
  return generator === 'offline'
    ? 'These pictures come from the built-in offline generator: abstract art drawn from the words of your prompt, not a picture of what it describes. Each is marked “Offline generator” in a corner.'
    : 'These pictures were made by OpenAI from your prompt. Check each one before you use it: AI can get details wrong. Posts show an “AI generated” badge on them.';
}
