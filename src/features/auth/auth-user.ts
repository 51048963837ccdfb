import type { User } from '@supabase/supabase-js';

/** The serialisable user kept in Redux: never tokens. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

function metadataString(metadata: Record<string, unknown> | undefined, key: string): string {
  const value = metadata?.[key];
  return typeof value === 'string' ? value : '';
}

export function toAuthUser(user: Pick<User, 'id' | 'email' | 'user_metadata'>): AuthUser {
  return {
    id: user.id,
    email: user.email ?? '',
    firstName: metadataString(user.user_metadata, 'first_name'),
    lastName: metadataString(user.user_metadata, 'last_name'),
  };
}
