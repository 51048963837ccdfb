/**
 * The `{error}` text a server function answered with. supabase-js wraps a non-2xx answer in a
 * FunctionsHttpError whose `context` is the Response; a network failure has no answer to read.
 */
export async function functionErrorText(error: unknown): Promise<string | null> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!context || typeof (context as Response).json !== 'function') return null;
  try {
    const body = (await (context as Response).clone().json()) as Record<string, unknown> | null;
    if (typeof body?.error === 'string' && body.error.trim()) return body.error;
    if (typeof body?.message === 'string' && body.message.trim()) return body.message;
  } catch {
    // not JSON: nothing the user could read
  }
  return null;
}
