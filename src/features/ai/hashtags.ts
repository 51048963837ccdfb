// The hashtags of a post: the compose form shows them as the user types, apart from the parsing
// of the providers' replies, which loads with the AI client.

export const MAX_HASHTAGS = 10;

/** The first 10 tags, each once; platforms treat #Bakery and #bakery as one tag. */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_HASHTAGS);
}

/** Up to 10 distinct hashtags made of word characters, in order of appearance. */
export function extractHashtags(text: string): string[] {
  return distinctTags(text.match(/#\w+/g) ?? []);
}
