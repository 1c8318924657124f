import type { ProductInput } from '../../shared/contracts/catalog';
import { LEO } from './posts-leo';
import { MAYA } from './posts-maya';

/** How a demo image looks: a palette and a motif, drawn from SVG at seed time (see images.ts). */
export type DemoMotif =
  | 'mug'
  | 'bowl'
  | 'vase'
  | 'planter'
  | 'plate'
  | 'print'
  | 'textile'
  | 'card'
  | 'chip'
  | 'floppy'
  | 'cassette'
  | 'keyboard'
  | 'monitor'
  | 'vinyl';

export interface DemoPost {
  seller: 'maya' | 'leo';
  post: Omit<ProductInput, '_id' | 'medias'>;
  /** One entry per image (1–3): the motif and its alt text. */
  images: { motif: DemoMotif; alt: string }[];
}

/** Every demo post, in the order they are created (newest last). */
export const DEMO_POSTS: DemoPost[] = [...MAYA, ...LEO];
