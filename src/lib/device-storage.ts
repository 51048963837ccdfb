/**
 * The browser's local storage, or null where there is none (Node) or where reading it throws
 * (storage blocked by a privacy mode).
 */
export function deviceStorage(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}
