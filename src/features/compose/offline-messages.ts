/** What /create says when the browser is offline (beyond the spec's own texts). */
export const offlineMessages = {
  /** Added after the spec's saved / updated text. */
  draftSaved: "You're offline: it is saved on this device and will sync when you're back online.",
  generate:
    "You're offline. Generating a post needs an internet connection: try again when you're back online.",
} as const;
