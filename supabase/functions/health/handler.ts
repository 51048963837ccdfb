import { corsHeaders } from '../_shared/cors.ts';

/** Liveness of the functions runtime: answers who is calling and when. */
export async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'GET' && req.method !== 'POST') {
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });
  }
  return Response.json({ status: 'ok', time: new Date().toISOString() }, { headers: corsHeaders });
}
