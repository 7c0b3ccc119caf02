import { languages, type Language, type MeAnswer } from '@wms/contract';

/** The signed-in user as kept in local storage, read before the server answers. */
export interface StoredUser {
  userId: number;
  username: string;
  userSettings: {
    preferredLanguage: Language;
    popupDuration: number;
    linkableHoldToOpenDuration: number;
  };
}

export const storedUserKey = 'wms.signedInUser';
export const defaultLinkableHoldToOpenDuration = 1500;

export function storedUserOf(me: MeAnswer): StoredUser {
  return {
    userId: me.user.id,
    username: me.user.username,
    userSettings: {
      preferredLanguage: me.settings.preferredLanguage,
      popupDuration: me.settings.popupDuration,
      linkableHoldToOpenDuration: me.settings.linkableHoldToOpenDuration ?? defaultLinkableHoldToOpenDuration,
    },
  };
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Parses the stored entry; null when absent or unusable. */
export function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!value || typeof value.userId !== 'number' || typeof value.username !== 'string') return null;
    const settings: Partial<StoredUser['userSettings']> = value.userSettings ?? {};
    return {
      userId: value.userId,
      username: value.username,
      userSettings: {
        preferredLanguage: isLanguage(settings.preferredLanguage) ? settings.preferredLanguage : 'en',
        popupDuration: typeof settings.popupDuration === 'number' ? settings.popupDuration : 5000,
        linkableHoldToOpenDuration:
          typeof settings.linkableHoldToOpenDuration === 'number'
            ? settings.linkableHoldToOpenDuration
            : defaultLinkableHoldToOpenDuration,
      },
    };
  } catch {
    return null;
  }
}

export function readStoredUser(): StoredUser | null {
  try {
    return parseStoredUser(localStorage.getItem(storedUserKey));
  } catch {
    return null;
  }
}

export function writeStoredUser(user: StoredUser | null): void {
  try {
    if (user) localStorage.setItem(storedUserKey, JSON.stringify(user));
    else localStorage.removeItem(storedUserKey);
  } catch {
    // Storage may be full or disabled (private mode): the app works without it.
  }
}

/**
 * The language to start in: the signed-in user's preferredLanguage, else the first browser
 * language that is one of ours (by its primary subtag), else English.
 */
export function startLanguage(stored: StoredUser | null, browserLanguages: readonly string[]): Language {
  if (stored) return stored.userSettings.preferredLanguage;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
