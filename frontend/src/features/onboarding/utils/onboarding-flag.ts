import { ONBOARDING_FLAG } from '@/config/constants';

/*
 * The local flag `meguri_onboarding_completed` (spec §4, §9). Storage can be unavailable (private modes,
 * blocked cookies): then the flag reads as unset and writes are dropped; the server's
 * `hasCompletedOnboarding` still keeps a finished onboarding from coming back.
 */

export function isOnboardingCompletedLocally(): boolean {
  try {
    return localStorage.getItem(ONBOARDING_FLAG) !== null;
  } catch {
    return false;
  }
}

export function markOnboardingCompletedLocally(): void {
  try {
    localStorage.setItem(ONBOARDING_FLAG, 'true');
  } catch {
    // Nothing to do: the server's flag is the one that lasts.
  }
}

export function clearOnboardingCompletedLocally(): void {
  try {
    localStorage.removeItem(ONBOARDING_FLAG);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
