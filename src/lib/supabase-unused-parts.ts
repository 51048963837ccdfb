// Builds resolve `@supabase/realtime-js` and `@supabase/storage-js` to this module (vite.config.ts).
// supabase-js constructs a Realtime and a Storage client in every client, but the app uses neither
// (no channel, no bucket: its data syncs through PostgREST, src/lib/sync), and their code with
// the Phoenix socket was a fifth of what every signed-in page downloads before it works. These
// stand-ins accept what supabase-js does with them (a new access token after a refresh) and
// refuse anything else clearly.

const UNUSED =
  'This build of Postbloom leaves out Supabase Realtime and Storage, which it does not use.';

export class RealtimeClient {
  setAuth(): Promise<void> {
    return Promise.resolve();
  }

  channel(): never {
    throw new Error(UNUSED);
  }

  getChannels(): [] {
    return [];
  }

  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }

  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }
}

export class StorageClient {
  from(): never {
    throw new Error(UNUSED);
  }
}

export class StorageApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageApiError';
  }
}
