import {
  aiAllowanceResponse,
  aiImageQuery,
  aiImageResponse,
  generatedMediaInput,
} from '../contracts/ai';
import { productResponse } from '../contracts/catalog';
import { endpoint } from './endpoint';

const tags = ['ai'] as const;

/** AI image generation (issue 13, docs/decisions/035). */
export const aiApi = {
  generate: endpoint({
    method: 'GET',
    path: '/ai/image',
    summary:
      'Generate 1–4 pictures from a prompt (stored; counted against the plan’s monthly allowance): their URLs',
    tags,
    query: aiImageQuery,
    response: aiImageResponse,
  }),
  allowance: endpoint({
    method: 'GET',
    path: '/ai/image/allowance',
    summary: 'Which generator makes the pictures and how many this month’s plan allowance has left',
    tags,
    response: aiAllowanceResponse,
  }),
  addToPost: endpoint({
    method: 'PUT',
    path: '/products/media/generated',
    summary: 'Add one of my generated pictures to my post as a photo marked “AI generated”',
    tags: ['ai', 'products'],
    body: generatedMediaInput,
    response: productResponse,
  }),
} as const;
