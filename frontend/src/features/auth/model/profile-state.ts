// Who is signed in, as the top bar's avatar and the console show it: read from user/info with
// the password flags, replaced when the user changes their avatar (both places follow at once).
import type { UserInfo } from '@contracts/api';
import { createStore, useStore } from '../../../lib/create-store';

export interface Profile {
  id: number;
  username: string;
  name: string;
  /** Upload id of the avatar image, '' for none. */
  avatar: string;
}

export const profileStore = createStore<Profile | null>(null);

export function setProfile(info: Pick<UserInfo, 'id' | 'username' | 'name' | 'avatar'> | null): void {
  profileStore.set(info ? { id: info.id, username: info.username, name: info.name, avatar: info.avatar ?? '' } : null);
}

export function useProfile(): Profile | null {
  return useStore(profileStore, (profile) => profile);
}

/** One or two letters for an avatar without an image: the first character of a Chinese name, else initials. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = Array.from(words[0])[0];
  if (/[\u3400-\u9fff\uf900-\ufaff]/.test(first)) return first;
  const second = words.length > 1 ? Array.from(words[1])[0] : '';
  return (first + second).toUpperCase();
}
