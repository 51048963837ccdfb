import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  Switch,
} from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import {
  savePreferences,
  selectPreferences,
  selectPreferencesLoaded,
  type Preferences,
} from '../preferences';
import { selectSyncOnline } from '../sync';
import { usePushDevice } from './use-push-device';
import {
  sendTestNotification,
  TestNotificationError,
  type TestNotificationResult,
} from './web-push';

type NotificationPreferences = Pick<
  Preferences,
  'emailNotifications' | 'pushNotifications' | 'marketingEmails'
>;

export const notificationLabels = {
  email: 'Email notifications',
  push: 'Push notifications',
  marketing: 'Marketing emails',
  save: 'Save Preferences',
  test: 'Send test notification',
  enableHere: 'Turn on in this browser',
} as const;

export const notificationMessages = {
  saved: 'Notification preferences saved.',
  savedOffline:
    "Notification preferences saved. You're offline: they are kept on this device and will sync when you're back online.",
  saveFailed: "Oops! We couldn't save your changes right now. Please try again in a moment.",
  unsubscribeFailed:
    "Notification preferences saved, but this browser couldn't be unsubscribed from push right now. Please try again in a moment.",
  pushUnsupported: 'Push notifications are not supported in this browser.',
  pushDenied:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then turn push on again.",
  pushBlockedHere: 'Notifications are blocked for this site in this browser.',
  pushFailed: "We couldn't turn on push notifications right now. Please try again in a moment.",
  pushHere: 'This browser receives push notifications.',
  pushNotHere: 'This browser does not receive them yet.',
  testFailed: "We couldn't send a test notification right now. Please try again in a moment.",
  testNothingOn: 'Email and push notifications are both off, so nothing was sent.',
  testNoChannel: 'Nothing was sent: email is off and no browser is set up for push.',
  testPushRefused: 'The push service did not accept the test notification. Please try again later.',
} as const;

function pickNotifications(p: Preferences): NotificationPreferences {
  return {
    emailNotifications: p.emailNotifications,
    pushNotifications: p.pushNotifications,
    marketingEmails: p.marketingEmails,
  };
}

function sameNotifications(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return (
    a.emailNotifications === b.emailNotifications &&
    a.pushNotifications === b.pushNotifications &&
    a.marketingEmails === b.marketingEmails
  );
}

/** What the test notification did, in words. */
export function testResultNotice(result: TestNotificationResult): Notice {
  const browsers = result.push.delivered;
  const where = [
    result.email === 'sent' ? 'by email' : null,
    browsers > 0 ? `to ${browsers} ${browsers === 1 ? 'browser' : 'browsers'}` : null,
  ].filter(Boolean);
  if (where.length > 0)
    return makeNotice('success', `Test notification sent ${where.join(' and ')}.`);
  if (result.email === 'off' && !result.push.enabled)
    return makeNotice('info', notificationMessages.testNothingOn);
  if (result.push.failed > 0) return makeNotice('warning', notificationMessages.testPushRefused);
  return makeNotice('info', notificationMessages.testNoChannel);
}

function Toggle(props: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  help?: ReactNode;
  helpId: string;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            disabled={props.disabled}
            onChange={(event) => props.onChange(event.target.checked)}
            slotProps={{ input: props.help ? { 'aria-describedby': props.helpId } : {} }}
          />
        }
        label={props.label}
      />
      {props.help && (
        <FormHelperText id={props.helpId} component="div" sx={{ ml: 6, mt: 0 }}>
          {props.help}
        </FormHelperText>
      )}
    </Box>
  );
}

export function NotificationSettings() {
  const dispatch = useAppDispatch();
  const saved = pickNotifications(useAppSelector(selectPreferences));
  const loaded = useAppSelector(selectPreferencesLoaded);
  const online = useAppSelector(selectSyncOnline);
  const device = usePushDevice();
  // Unsaved changes only; otherwise the form shows what is saved (and what sync brings in).
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = draft ?? saved;
  const dirty = draft !== null && !sameNotifications(draft, saved);

  // Functional: a switch changed while push was being turned on is kept.
  const change = (changes: Partial<NotificationPreferences>) =>
    setDraft((current) => ({ ...(current ?? saved), ...changes }));

  async function turnPushOnHere(): Promise<boolean> {
    try {
      const outcome = await device.enable();
      if (outcome.status === 'subscribed') return true;
      setNotice(
        makeNotice(
          'error',
          outcome.status === 'denied'
            ? notificationMessages.pushDenied
            : notificationMessages.pushUnsupported,
        ),
      );
    } catch (error) {
      console.error('Push notifications could not be turned on:', error);
      setNotice(makeNotice('error', notificationMessages.pushFailed));
    }
    return false;
  }

  async function changePush(checked: boolean) {
    if (!checked) {
      change({ pushNotifications: false });
      return;
    }
    if (await turnPushOnHere()) change({ pushNotifications: true });
  }

  async function save() {
    setSaving(true);
    try {
      await dispatch(savePreferences(form));
      setDraft(null);
      let next = makeNotice(
        'success',
        online ? notificationMessages.saved : notificationMessages.savedOffline,
      );
      if (!form.pushNotifications && device.subscribed) {
        try {
          await device.disable();
        } catch (error) {
          console.error('This browser could not be unsubscribed from push:', error);
          next = makeNotice('warning', notificationMessages.unsubscribeFailed);
        }
      }
      setNotice(next);
    } catch (error) {
      console.error('The notification preferences could not be saved:', error);
      setNotice(makeNotice('error', notificationMessages.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  async function sendTest() {
    setTesting(true);
    try {
      setNotice(testResultNotice(await sendTestNotification()));
    } catch (error) {
      if (error instanceof TestNotificationError) {
        setNotice(makeNotice('warning', error.message));
      } else {
        console.error('The test notification could not be sent:', error);
        setNotice(makeNotice('error', notificationMessages.testFailed));
      }
    } finally {
      setTesting(false);
    }
  }

  let pushHelp: ReactNode = null;
  if (device.support === 'unsupported') {
    pushHelp = notificationMessages.pushUnsupported;
  } else if (device.permission === 'denied') {
    pushHelp = notificationMessages.pushBlockedHere;
  } else if (form.pushNotifications && device.subscribed === true) {
    pushHelp = notificationMessages.pushHere;
  } else if (form.pushNotifications && device.subscribed === false) {
    pushHelp = (
      <>
        {notificationMessages.pushNotHere}{' '}
        <Button
          size="small"
          disabled={device.busy || !online}
          onClick={() => void turnPushOnHere()}
        >
          {notificationLabels.enableHere}
        </Button>
      </>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      <FormGroup sx={{ gap: 1 }}>
        <Toggle
          label={notificationLabels.email}
          checked={form.emailNotifications}
          onChange={(checked) => change({ emailNotifications: checked })}
          helpId="notifications-email-help"
        />
        <Toggle
          label={notificationLabels.push}
          checked={form.pushNotifications}
          disabled={device.support === 'unsupported' || device.busy}
          onChange={(checked) => void changePush(checked)}
          help={pushHelp}
          helpId="notifications-push-help"
        />
        <Toggle
          label={notificationLabels.marketing}
          checked={form.marketingEmails}
          onChange={(checked) => change({ marketingEmails: checked })}
          helpId="notifications-marketing-help"
        />
      </FormGroup>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={!loaded || !dirty || saving}
          onClick={() => void save()}
        >
          {notificationLabels.save}
        </Button>
        <Button
          variant="outlined"
          disabled={!online || testing || dirty}
          onClick={() => void sendTest()}
        >
          {notificationLabels.test}
        </Button>
      </Stack>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
