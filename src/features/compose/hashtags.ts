function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Adds the tags the content does not mention yet, on a line of their own at the end. */
export function appendHashtags(content: string, tags: readonly string[]): string {
  const present = new Set((content.match(/#\w+/g) ?? []).map((tag) => tag.toLowerCase()));
  const missing = tags.filter((tag) => !present.has(tag.toLowerCase()));
  if (missing.length === 0) return content;
  const body = content.trimEnd();
  return body ? `${body}\n\n${missing.join(' ')}` : missing.join(' ');
}

/** The content without the tag (every occurrence, any case), with the gaps it leaves tidied. */
export function removeHashtag(content: string, tag: string): string {
  const pattern = new RegExp(`${escapeRegExp(tag)}(?!\\w)`, 'gi');
  return content
    .replace(pattern, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
