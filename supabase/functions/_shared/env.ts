declare const Deno: { env: { get(name: string): string | undefined } } | undefined;

/** Where a function reads its settings: the process environment, or the embedded server's own. */
export type EnvReader = (name: string) => string | undefined;

/** An environment variable on Supabase Edge (Deno) and on the embedded Node server alike. */
export function readEnv(name: string): string | undefined {
  if (typeof Deno !== 'undefined') return Deno.env.get(name);
  return globalThis.process?.env[name];
}
