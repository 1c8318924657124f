/** The page of posts with `tag`: the marketplace's, or a seller's (`username`). */
export function tagPath(tag: string, username?: string): string {
  const base = username ? `/${encodeURIComponent(username)}` : '';
  return `${base}/products/tags/${encodeURIComponent(tag)}`;
}

/** Rules of a tag list (the interest tags of a profile, a post's tags). */
export interface TagRules {
  max: number;
  maxLength: number;
}

export interface AddTagsResult {
  tags: string[];
  /** Why some of the input was not added, if so. */
  error?: string;
}

/**
 * Adds the comma-separated tags in `raw` to `current`: trimmed, inner whitespace collapsed, empty
 * pieces dropped, duplicates (any case) ignored, at most `max` tags of at most `maxLength`
 * characters (longer ones are refused with a message, not cut).
 */
export function addTags(current: readonly string[], raw: string, rules: TagRules): AddTagsResult {
  const tags = [...current];
  let error: string | undefined;
  for (const piece of raw.split(',')) {
    const tag = piece.trim().replace(/\s+/g, ' ');
    if (!tag) continue;
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) continue;
    if (tag.length > rules.maxLength) {
      error = `Each tag can have at most ${rules.maxLength} characters.`;
      continue;
    }
    if (tags.length >= rules.max) {
      error = `Add at most ${rules.max} tags.`;
      break;
    }
    tags.push(tag);
  }
  return error ? { tags, error } : { tags };
}

/** `current` without the tag at `index`. */
export function removeTagAt(current: readonly string[], index: number): string[] {
  return current.filter((_, i) => i !== index);
}
