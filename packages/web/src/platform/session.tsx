import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type MeAnswer, type Role, type SigninRequest } from '@wms/contract';
import { callApi } from './api-client.js';
import { ApiError, setUnauthorizedHandler } from './http.js';
import { setLanguage } from './i18n.js';
import { currentDeviceConfig } from './device-config.js';
import { setNotificationDuration } from './notifications.js';
import { storedUserOf, writeStoredUser } from './signed-in-user.js';

export interface Session {
  /** The signed-in user; null while signed out. */
  me: MeAnswer | null;
  /** Signs in; throws the server's ApiError (the login modal shows it). */
  signIn: (body: SignInInput) => Promise<void>;
  /** Signs in with a transfer token sent to this device; resolves to the path to open. */
  signInWithTransferToken: (token: string, pairing: string) => Promise<string>;
  signOut: () => Promise<void>;
  refreshMe: () => Promise<void>;
  hasRole: (role: Role) => boolean;
}

export type SignInInput = Omit<SigninRequest, 'deviceName'>;

const SessionContext = createContext<Session | null>(null);

/** Silent: a 401 here simply means signed out. */
const quiet = { silent: true, logoutOn401: false } as const;

/**
 * Restores the session with GET /api/v1/auth/me (401: signed out, nothing shown), then keeps the
 * signed-in user: local storage entry, language, and logout on any 401 of other requests.
 * Renders `restoring` until the first answer.
 */
export function SessionProvider({
  children,
  restoring,
  onSignOut,
}: {
  children: ReactNode;
  restoring: ReactNode;
  /** Called with the user's id when the user signs out (before the session is cleared). */
  onSignOut?: (userId: number) => void;
}) {
  const queryClient = useQueryClient();
  const [me, setMe] = useState<MeAnswer | null>(null);
  const [restored, setRestored] = useState(false);

  const adopt = useCallback((next: MeAnswer | null) => {
    setMe(next);
    writeStoredUser(next ? storedUserOf(next) : null);
    setNotificationDuration(next ? next.settings.popupDuration : null);
    if (next) void setLanguage(next.settings.preferredLanguage);
  }, []);

  const signedOut = useCallback(() => {
    adopt(null);
    // Nothing of the previous user may stay in the cache.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  }, [adopt, queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(signedOut);
    return () => setUnauthorizedHandler(() => undefined);
  }, [signedOut]);

  useEffect(() => {
    let cancelled = false;
    callApi(authEndpoints.me, undefined, quiet).then(
      (answer) => {
        if (cancelled) return;
        adopt(answer);
        setRestored(true);
      },
      (error: unknown) => {
        if (cancelled) return;
        // 401 is the ordinary signed-out answer; anything else: signed out too, the login shows.
        if (!(error instanceof ApiError) || error.status !== 401) console.warn('session restore failed', error);
        adopt(null);
        setRestored(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [adopt]);

  const session = useMemo<Session>(
    () => ({
      me,
      signIn: async (body) => {
        const deviceName = currentDeviceConfig().deviceName || null;
        adopt(await callApi(authEndpoints.signin, { body: { ...body, deviceName } }, quiet));
      },
      signInWithTransferToken: async (token, pairing) => {
        const answer = await callApi(authEndpoints.useTransferToken, { body: { token, pairing } }, quiet);
        const { path, ...nextMe } = answer;
        adopt(nextMe);
        return path;
      },
      signOut: async () => {
        await callApi(authEndpoints.logout, undefined, quiet).catch(() => undefined);
        // The layers above end what the user had open (the handheld's saved workflows).
        if (me) onSignOut?.(me.user.id);
        signedOut();
      },
      refreshMe: async () => {
        adopt(await callApi(authEndpoints.me));
      },
      hasRole: (role) => me?.expandedRoles.includes(role) ?? false,
    }),
    [me, adopt, signedOut, onSignOut],
  );

  return <SessionContext.Provider value={session}>{restored ? children : restoring}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> (rendered by Boot)');
  return session;
}
