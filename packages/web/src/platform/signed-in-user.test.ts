import { describe, expect, it } from 'vitest';
import { parseStoredUser, startLanguage, type StoredUser } from './signed-in-user.js';

const user: StoredUser = {
  userId: 3,
  username: 'operator',
  userSettings: { preferredLanguage: 'nl', popupDuration: 3000, linkableHoldToOpenDuration: 1500 },
};

describe('the signed-in user in local storage', () => {
  it('parses a stored entry and fills missing settings with their defaults', () => {
    expect(parseStoredUser(JSON.stringify(user))).toEqual(user);
    expect(parseStoredUser(JSON.stringify({ userId: 3, username: 'operator' }))).toEqual({
      userId: 3,
      username: 'operator',
      userSettings: { preferredLanguage: 'en', popupDuration: 5000, linkableHoldToOpenDuration: 1500 },
    });
    for (const raw of [null, '', '{', '{}', '{"userId":"3","username":"x"}']) expect(parseStoredUser(raw)).toBeNull();
  });

  it("starts in the user's language, else the first supported browser language, else English", () => {
    expect(startLanguage(user, ['de-DE'])).toBe('nl');
    expect(startLanguage(null, ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(startLanguage(null, ['PL'])).toBe('pl');
    expect(startLanguage(null, ['fr', 'es'])).toBe('en');
    expect(startLanguage(null, [])).toBe('en');
  });
});
