// The ai module's public surface (docs/decisions/035): GET /ai/image — pictures generated from a
// prompt by the OpenAI driver when OPENAI_API_KEY is set, else by the offline generator — stored
// through the storage adapter and counted against the member's plan allowance; and turning one of
// them into a post's photo (through the catalog's media pipeline). It writes only db/schema/ai.ts.
export { getAllowance } from './allowance';
export { generateImages } from './generate';
export { addGeneratedImageToPost } from './to-post';
export { aiJobs, forgetGenerationsOf } from './jobs';
