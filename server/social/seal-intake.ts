import type { Db } from '../db.ts';
import { credentialAad, sealSecret } from '../../supabase/functions/_shared/secret-box.ts';

interface IntakeRow {
  user_id: string;
  platform: string;
  secret: string;
  received_at: string;
}

/**
 * Seals every secret waiting in social_secret_intake (written there by the credentials trigger when
 * a client upserts the spec's raw `{app_id, app_secret}`) into social_credential_secrets. The
 * intake row goes only if it is still the one read (public.seal_social_secret).
 */
export async function sealIntake(db: Db, key: string): Promise<number> {
  // received_at as text keeps its microseconds for the equality check in seal_social_secret.
  const { rows } = await db.query<IntakeRow>(
    `select user_id::text, platform, secret, received_at::text as received_at
       from public.social_secret_intake order by received_at limit 500`,
  );
  let sealed = 0;
  for (const row of rows) {
    const ciphertext = await sealSecret(row.secret, key, credentialAad(row.user_id, row.platform));
    const { rows: done } = await db.query<{ sealed: boolean }>(
      'select public.seal_social_secret($1, $2, $3, $4::timestamptz, $5) as sealed',
      [row.user_id, row.platform, row.secret, row.received_at, ciphertext],
    );
    if (done[0]?.sealed) sealed++;
  }
  return sealed;
}

export interface IntakeSealer {
  stop(): Promise<void>;
}

/** Runs sealIntake every `intervalMs` until stopped; a failed round is logged (never a secret). */
export function startIntakeSealer(db: Db, key: string, intervalMs = 1000): IntakeSealer {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    timer = null;
    running = sealIntake(db, key)
      .then(() => undefined)
      .catch((e: unknown) => {
        if (stopped) return;
        const code = (e as { code?: unknown }).code;
        console.error(
          `sealing pending social secrets failed${typeof code === 'string' ? ` (${code})` : ''}`,
        );
      })
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref?.();
        }
      });
  };
  timer = setTimeout(tick, intervalMs);
  timer.unref?.();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
