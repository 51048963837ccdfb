import { describe, expect, it } from 'vitest';
import { oauthMessages, readOAuthCallback } from './oauth-callback';

describe('readOAuthCallback', () => {
  it('reports the Facebook code', () => {
    expect(readOAuthCallback('facebook', '?code=abc123&state=s1', 's1')).toEqual({
      type: 'facebook-oauth-success',
      code: 'abc123',
    });
  });

  it('reports the provider error, preferring its description', () => {
    expect(
      readOAuthCallback('facebook', '?error=access_denied&error_description=Permissions+error'),
    ).toEqual({ type: 'facebook-oauth-error', error: 'Permissions error' });
    expect(readOAuthCallback('linkedin', '?error=user_cancelled_login&state=s1', 's1')).toEqual({
      type: 'linkedin-oauth-error',
      error: 'user_cancelled_login',
    });
  });

  it('reports a LinkedIn code only when the state matches the stored one', () => {
    expect(readOAuthCallback('linkedin', '?code=c&state=s1', 's1')).toEqual({
      type: 'linkedin-oauth-success',
      code: 'c',
    });
    const invalid = { type: 'linkedin-oauth-error', error: oauthMessages.invalidState };
    expect(readOAuthCallback('linkedin', '?code=c&state=forged', 's1')).toEqual(invalid);
    expect(readOAuthCallback('linkedin', '?code=c', 's1')).toEqual(invalid);
    expect(readOAuthCallback('linkedin', '?code=c&state=s1', null)).toEqual(invalid);
  });

  it('reports a Facebook code only when the state matches the stored one', () => {
    const invalid = { type: 'facebook-oauth-error', error: oauthMessages.invalidState };
    expect(readOAuthCallback('facebook', '?code=c&state=forged', 's1')).toEqual(invalid);
    expect(readOAuthCallback('facebook', '?code=c', 's1')).toEqual(invalid);
    expect(readOAuthCallback('facebook', '?code=c&state=s1', null)).toEqual(invalid);
  });

  it('reports a missing code', () => {
    expect(readOAuthCallback('facebook', '?state=s1', 's1')).toEqual({
      type: 'facebook-oauth-error',
      error: oauthMessages.missingCode,
    });
  });
});
