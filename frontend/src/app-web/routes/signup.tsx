import { useSearchParams } from 'react-router';

import { SignupWizard } from '@/features/auth/components/signup-wizard';
import { PlaceField } from '@/features/birth-input/components/place-field';
import { InviteNotice } from '@/features/friends/components/invite-notice';
import { isUuid } from '@/lib/ids';

/**
 * The signup wizard, with birth-input's place field for its birth-place step. From an invite link
 * (`?invite=<userId>`) it names the inviter and sends their id with the account; anything that is not
 * a user id is left out rather than refused.
 */
export default function SignupRoute() {
  const [params] = useSearchParams();
  const invite = params.get('invite')?.trim() ?? '';
  const inviterId = isUuid(invite) ? invite : undefined;
  return (
    <SignupWizard
      placeField={PlaceField}
      inviterId={inviterId}
      notice={inviterId ? <InviteNotice inviterId={inviterId} /> : undefined}
    />
  );
}
