import {
  FAKE_FACEBOOK_APP,
  FAKE_LINKEDIN_APP,
  startFakeSocial,
} from '../tests/support/fake-social/index.ts';

/**
 * Starts the loopback stand-in for Facebook and LinkedIn, so the connect flow can be tried
 * without a Meta or LinkedIn developer app. See docs/fake-social.md.
 */

const rawPort = process.env.FAKE_SOCIAL_PORT ?? '54400';
const port = Number(rawPort);
if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
  console.error(`FAKE_SOCIAL_PORT must be a port number (1-65535), got "${rawPort}"`);
  process.exit(1);
}
const host = process.env.FAKE_SOCIAL_HOST ?? '127.0.0.1';

const fake = await startFakeSocial({ port, host }).catch((e: unknown) => {
  console.error(`Could not start the fake platforms on ${host}:${port}: ${(e as Error).message}`);
  process.exit(1);
});

const envLines = Object.entries(fake.env)
  .map(([name, value]) => `export ${name}=${value}`)
  .join('\n');

console.log(`Fake Facebook and LinkedIn listening on ${fake.url}

Start Postbloom with these settings (in another terminal), then open the app:

${envLines}
npm start

In Settings › Social Credentials, save:
  Facebook  App ID     ${FAKE_FACEBOOK_APP.id}
            App Secret ${FAKE_FACEBOOK_APP.secret}
  LinkedIn  Client ID     ${FAKE_LINKEDIN_APP.id}
            Client Secret ${FAKE_LINKEDIN_APP.secret}

State: ${fake.url}/__fake/state   Reset: curl -X POST ${fake.url}/__fake/reset
Press Ctrl+C to stop.`);

function stop() {
  void fake.close().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
