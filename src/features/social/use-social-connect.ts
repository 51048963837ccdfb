import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { getSupabase } from '../../lib/supabase';
import { pullRequested } from '../sync';
import { loadCredentials, selectCredential, selectCredentialsStatus } from './credentials-slice';
import { functionErrorText } from './function-error';
import {
  forgetState,
  openOAuthPopup,
  randomState,
  rememberState,
  type OAuthPopup,
} from './oauth-popup';
import {
  facebookDialogUrl,
  getSocialEndpoints,
  linkedinAuthorizationUrl,
} from './social-endpoints';
import { credentialsMessages, socialTexts, type SocialPlatform } from './social-texts';

export interface ConnectNotice {
  severity: 'success' | 'warning' | 'error';
  text: string;
}

export interface SocialConnectOptions {
  /** Called with every message the flow has for the user. */
  onNotice: (notice: ConnectNotice) => void;
  /** Called after the server connected the account(s), to reload the list. */
  onConnected: () => void | Promise<void>;
}

type ConnectAnswer = { pages_count?: unknown; error?: unknown };

/**
 * Connect Facebook / LinkedIn: checks the saved credentials, opens the provider's login popup with
 * a fresh state, hands the code from the callback to the platform's server function and reports
 * the outcome. One flow at a time per platform.
 */
export function useSocialConnect(platform: SocialPlatform, options: SocialConnectOptions) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const [connecting, setConnecting] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  const popup = useRef<OAuthPopup | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    mounted.current = true;
    // Read ahead, so the click opens the popup without waiting (browsers block late popups).
    void getSocialEndpoints();
    return () => {
      mounted.current = false;
      popup.current?.abandon();
    };
  }, []);

  const run = useCallback(async () => {
    const texts = socialTexts(platform);
    const notify = (severity: ConnectNotice['severity'], text: string) => {
      if (mounted.current) optionsRef.current.onNotice({ severity, text });
    };

    if (selectCredentialsStatus(store.getState()) !== 'loaded') {
      await dispatch(loadCredentials());
    }
    const credential = selectCredential(store.getState(), platform);
    if (!credential) {
      notify('warning', texts.configureFirst);
      void navigate('/settings', {
        state: { tab: 'social-credentials', notice: texts.configureFirst },
      });
      return;
    }
    if (!credential.appId.trim()) return notify('error', texts.idMissing);
    if (!credential.configured) return notify('error', texts.notFound);

    const endpoints = await getSocialEndpoints();
    const state = randomState();
    rememberState(platform, state);
    const params = {
      clientId: credential.appId,
      redirectUri: `${window.location.origin}/oauth/${platform}`,
      state,
    };
    const url =
      platform === 'facebook'
        ? facebookDialogUrl(endpoints, params)
        : linkedinAuthorizationUrl(endpoints, params);
    const opened = openOAuthPopup(platform, url);
    popup.current = opened;
    const outcome = await opened.outcome;
    popup.current = null;
    // The callback page consumes the state; any other ending leaves it behind.
    forgetState(platform);
    if (outcome.kind === 'blocked') return notify('error', texts.popupBlocked);
    if (outcome.kind === 'cancelled') return;
    if (outcome.kind === 'error') {
      return notify('error', texts.providerFailed(outcome.error || credentialsMessages.unknown));
    }

    const supabase = await getSupabase();
    const { data: session } = await supabase.auth.getSession();
    if (!session.session) {
      return notify('error', texts.connectFailedWith(credentialsMessages.notAuthenticated));
    }
    const { data, error } = await supabase.functions.invoke<ConnectAnswer>(`${platform}-connect`, {
      body: { code: outcome.code, redirect_uri: params.redirectUri },
    });
    if (error) {
      const reason = await functionErrorText(error);
      return notify('error', reason ? texts.connectFailedWith(reason) : texts.connectFailed);
    }
    const count = typeof data?.pages_count === 'number' ? data.pages_count : 1;
    await optionsRef.current.onConnected();
    notify('success', texts.connected(count));
    // A connect marks the credentials valid and completes the profile's setup flag on the
    // server: read the credentials again and ask the sync engine for a pull, as on a return to
    // the window, so the profile (and the settings' first-run guidance) follow.
    void dispatch(loadCredentials());
    dispatch(pullRequested());
  }, [dispatch, navigate, platform, store]);

  const connect = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setConnecting(true);
    try {
      await run();
    } catch (error) {
      forgetState(platform);
      const texts = socialTexts(platform);
      const reason = error instanceof Error && error.message ? error.message : null;
      if (mounted.current) {
        optionsRef.current.onNotice({
          severity: 'error',
          text: reason ? texts.connectFailedWith(reason) : texts.connectFailed,
        });
      }
    } finally {
      busy.current = false;
      if (mounted.current) setConnecting(false);
    }
  }, [platform, run]);

  return { connect, connecting };
}
