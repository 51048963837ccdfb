/** The texts of /create, word for word from the product spec. */
export const composeMessages = {
  contentRequired: 'Please add some content before saving.',
  platformRequired: 'Please select at least one platform before saving.',
  contentTooShort: 'Post content must be at least 10 characters long.',
  scheduleContentRequired: 'Please add content before scheduling',
  schedulePlatformRequired: 'Please select at least one platform',
  draftSaved:
    'Your draft has been saved! You can find it in your drafts folder and continue editing anytime.',
  draftUpdated: 'Your draft has been updated successfully!',
  saveFailed: "Oops! We couldn't save your changes right now. Please try again in a moment.",
  scheduled: 'Post scheduled successfully!',
  // Not the spec's: its modal closed silently. Approving does not schedule yet, so say what is next.
  approved: 'Post approved. Check the date and time under Publish time, then press Schedule Post.',
  cancelConfirm: 'Are you sure you want to cancel? Any unsaved changes will be lost.',
} as const;

export const MIN_DRAFT_LENGTH = 10;

export interface ComposeFields {
  content: string;
  platforms: readonly string[];
}

/** The first rule Save Draft breaks, or null when the draft may be saved. */
export function validateDraft({ content, platforms }: ComposeFields): string | null {
  if (!content.trim()) return composeMessages.contentRequired;
  if (platforms.length === 0) return composeMessages.platformRequired;
  if (content.trim().length < MIN_DRAFT_LENGTH) return composeMessages.contentTooShort;
  return null;
}

/** The first rule Schedule Post breaks, or null. */
export function validateSchedule({ content, platforms }: ComposeFields): string | null {
  if (!content.trim()) return composeMessages.scheduleContentRequired;
  if (platforms.length === 0) return composeMessages.schedulePlatformRequired;
  return null;
}

/** Post images: checked on the device, never uploaded. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export function validateImageFile(file: {
  name: string;
  type: string;
  size: number;
}): string | null {
  if (!IMAGE_TYPES.includes(file.type)) {
    return `${file.name} is not a PNG, JPG or GIF image. Please choose a PNG, JPG or GIF file.`;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `${file.name} is larger than 10MB. Please choose an image up to 10MB.`;
  }
  return null;
}
