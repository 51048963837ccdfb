// The part of the Deno runtime the functions' index.ts files use on Supabase Edge.
declare namespace Deno {
  function serve(handler: (req: Request) => Response | Promise<Response>): unknown;
}
