import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/**
 * POST /api/onboarding/complete (docs/api/accounts.md): marks the onboarding done on the server, which
 * answers with the user object (`hasCompletedOnboarding: true`). The caller refreshes the current user.
 */
export function completeOnboarding(): Promise<ApiSchema<'UserBody'>> {
  return api.post(apiPaths.onboarding.complete);
}
