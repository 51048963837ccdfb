/**
 * An entry first sent longer ago than this is not sent again under its mutation id: the server
 * forgets decided mutations after 90 days (private.sync_retention), and a replay it no longer
 * remembers could be applied twice. Such an entry is parked for the user (Retry sends it as a new
 * change). The margin covers a device clock that is off by weeks.
 */
export const MAX_REPLAY_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const REPLAY_EXPIRED = 'replay_expired';
