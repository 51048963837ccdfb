import { useCallback, useEffect, useState } from 'react';
import {
  currentSubscription,
  disablePush,
  enablePush,
  notificationPermission,
  pushSupport,
  type EnableOutcome,
  type PushSupport,
} from './web-push';

export interface PushDevice {
  support: PushSupport;
  permission: NotificationPermission;
  /** Whether this browser holds a subscription; null while that is being checked. */
  subscribed: boolean | null;
  busy: boolean;
  enable(): Promise<EnableOutcome>;
  disable(): Promise<void>;
}

/** This browser's side of push: support, permission and subscription (never kept in Redux). */
export function usePushDevice(): PushDevice {
  const [support] = useState(pushSupport);
  const [permission, setPermission] = useState(notificationPermission);
  const [subscribed, setSubscribed] = useState<boolean | null>(
    support === 'supported' ? null : false,
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    currentSubscription()
      .then((s) => live && setSubscribed(s !== null))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [support]);

  const enable = useCallback(async () => {
    setBusy(true);
    try {
      const outcome = await enablePush();
      setSubscribed(outcome.status === 'subscribed');
      return outcome;
    } finally {
      setPermission(notificationPermission());
      setBusy(false);
    }
  }, []);

  const disable = useCallback(async () => {
    setBusy(true);
    try {
      await disablePush();
      setSubscribed(false);
    } finally {
      setBusy(false);
    }
  }, []);

  return { support, permission, subscribed, busy, enable, disable };
}
