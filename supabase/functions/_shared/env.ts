declare const Deno: { env: { get(name: string): string | undefined } } | undefined;

/** An environment variable on Supabase Edge (Deno) and on the embedded Node server alike. */
export function readEnv(name: string): string | undefined {
  if (typeof Deno !== 'undefined') return Deno.env.get(name);
  return globalThis.process?.env[name];
}
