export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'social-credentials', label: 'Social Credentials' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'privacy', label: 'Privacy' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export const DEFAULT_SETTINGS_TAB: SettingsTab = 'profile';

/** Other pages open a tab with navigate('/settings', { state: { tab } }). */
export function settingsTabFromState(state: unknown): SettingsTab {
  const tab = (state as { tab?: unknown } | null)?.tab;
  return SETTINGS_TABS.find((t) => t.id === tab)?.id ?? DEFAULT_SETTINGS_TAB;
}
