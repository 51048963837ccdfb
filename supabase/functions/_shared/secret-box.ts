import type { EnvReader } from './env.ts';

// AES-256-GCM through WebCrypto, the same on Node and on Deno. A sealed value is
// "v1.<iv>.<ciphertext+tag>" in base64url; the additional data binds it to its place
// (credential:<user>:<platform>, token:<account>:access|refresh), so a ciphertext copied to
// another row does not open.

const VERSION = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function keyBytes(keyB64url: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64url(keyB64url);
  } catch {
    throw new Error('SOCIAL_SECRETS_KEY must be 32 bytes in base64url');
  }
  if (bytes.length !== 32) throw new Error('SOCIAL_SECRETS_KEY must be 32 bytes in base64url');
  return bytes;
}

async function importKey(keyB64url: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', keyBytes(keyB64url), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
}

/** Encrypts `plain` for the place named by `aad`. */
export async function sealSecret(plain: string, keyB64url: string, aad: string): Promise<string> {
  const key = await importKey(keyB64url);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(aad) },
    key,
    encoder.encode(plain),
  );
  return `${VERSION}.${toBase64url(iv)}.${toBase64url(new Uint8Array(sealed))}`;
}

/** Decrypts a value sealSecret made for the same place; throws when it was altered or moved. */
export async function openSecret(sealed: string, keyB64url: string, aad: string): Promise<string> {
  const [version, iv, data, extra] = sealed.split('.');
  if (version !== VERSION || !iv || !data || extra !== undefined)
    throw new Error('Not a sealed secret');
  const key = await importKey(keyB64url);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64url(iv), additionalData: encoder.encode(aad) },
      key,
      fromBase64url(data),
    );
    return decoder.decode(plain);
  } catch {
    throw new Error('The sealed secret does not open with this key');
  }
}

/** SOCIAL_SECRETS_KEY, checked: 32 bytes in base64url. */
export function secretsKey(env: EnvReader): string {
  const key = env('SOCIAL_SECRETS_KEY');
  if (!key) throw new Error('SOCIAL_SECRETS_KEY is not set');
  keyBytes(key);
  return key;
}

export const credentialAad = (userId: string, platform: string): string =>
  `credential:${userId}:${platform}`;
export const tokenAad = (accountId: string, kind: 'access' | 'refresh'): string =>
  `token:${accountId}:${kind}`;
